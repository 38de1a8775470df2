import type { Language } from '@aos/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { type AreaLocale, mergeAreaLocales } from './merge';
import { zhCN } from './zh-CN';

/**
 * Each screen area keeps its strings beside it in a `locale.ts` (default export: `{'zh-CN': {...}, 'en-US':
 * {...}}` with one top-level namespace per area), so areas never edit a shared file.
 */
const areaLocales = import.meta.glob<AreaLocale>(['../pages/**/locale.ts', '../components/**/locale.ts'], {
  eager: true,
  import: 'default',
});

export const resources = mergeAreaLocales({ 'zh-CN': zhCN, 'en-US': enUS }, Object.values(areaLocales));

/** i18next with zh-CN (default) and en-US; the language comes from the session and changes by reload. */
export function setupI18n(language: Language) {
  void i18n.use(initReactI18next).init({
    resources: {
      'zh-CN': { translation: resources['zh-CN'] },
      'en-US': { translation: resources['en-US'] },
    },
    lng: language,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  return i18n;
}

export { i18n };
