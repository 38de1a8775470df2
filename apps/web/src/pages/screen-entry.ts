import type { ComponentType } from 'react';

/**
 * What a screen folder's `screen.ts` exports by default: each menu code (design/MENUS.md) the folder serves,
 * with its lazily loaded screen (the chunk brings the screen's own strings). The console gathers every
 * `screen.ts` by convention (`app/screen-registry.ts`), so adding a screen touches only its own folder.
 */
export type ScreenEntries = Record<string, () => Promise<{ default: ComponentType }>>;
