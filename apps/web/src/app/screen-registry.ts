import type { ScreenEntries } from '../pages/screen-entry';

export interface RegisteredScreen {
  load: ScreenEntries[string];
  /** the `screen.ts` that claimed the code */
  file: string;
}

/** Merges the `screen.ts` files into menu code → screen; a code two files claim is a mistake, not an override. */
export function collectScreens(files: Record<string, ScreenEntries>): Map<string, RegisteredScreen> {
  const screens = new Map<string, RegisteredScreen>();
  for (const [file, entries] of Object.entries(files))
    for (const [code, load] of Object.entries(entries)) {
      const other = screens.get(code);
      if (other) throw new Error(`menu code "${code}" is claimed by ${other.file} and ${file}`);
      screens.set(code, { load, file });
    }
  return screens;
}

/**
 * Every screen of the console, found by convention: each screen folder's `screen.ts` names the menu codes it
 * serves. The screens themselves stay lazy; this module is a small chunk that `screens.tsx` loads once the
 * menu is known, so neither it nor the screens' import lists are part of the sign-in page.
 */
export const screens = collectScreens(
  import.meta.glob<ScreenEntries>('../pages/**/screen.ts', { eager: true, import: 'default' }),
);
