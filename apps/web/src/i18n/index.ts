import type { Language } from '@aos/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

/** i18next with zh-CN (default) and en-US; the language comes from the session and changes by reload. */
export function setupI18n(language: Language) {
  void i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
    lng: language,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  return i18n;
}

export { i18n };
