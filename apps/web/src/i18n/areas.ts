import { type AreaLocale, mergeAreaLocales } from './merge';

/**
 * Each screen area keeps its strings beside it in a `locale.ts` (default export: `{'zh-CN': {...}, 'en-US':
 * {...}}` with one top-level namespace per area), so areas never edit a shared file. This module is loaded
 * once signed in (`loadAreaLocales` in `index.ts`); an area may not reuse a namespace of the core strings.
 */
const areaLocales = import.meta.glob<AreaLocale>(['../pages/**/locale.ts', '../components/**/locale.ts'], {
  eager: true,
  import: 'default',
});

export const areaResources = mergeAreaLocales({ 'zh-CN': {}, 'en-US': {} }, Object.values(areaLocales));
