import type { Language } from '@aos/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

/**
 * i18next with zh-CN (default) and en-US; the language comes from the session and changes by reload. It
 * starts with the core strings (common, sign-in, shell, errors: `zh-CN.ts`, `en-US.ts`); the screen areas'
 * strings (`areas.ts`) are a chunk of their own, loaded once signed in (`loadAreaLocales`), so the sign-in
 * page does not download every screen's words in both languages.
 */
export function setupI18n(language: Language) {
  void i18n.use(initReactI18next).init({
    resources: {
      'zh-CN': { translation: zhCN },
      'en-US': { translation: enUS },
    },
    lng: language,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  return i18n;
}

let areasLoaded = false;
let areasLoading: Promise<void> | null = null;

/** Load the screen areas' strings into i18next (once); resolves when they are there. */
export function loadAreaLocales(): Promise<void> {
  areasLoading ??= import('./areas').then(({ areaResources }) => {
    for (const language of ['zh-CN', 'en-US'] as const)
      i18n.addResourceBundle(language, 'translation', areaResources[language], true, false);
    areasLoaded = true;
  });
  return areasLoading;
}

/**
 * For the signed-in part of the console (not a hook: it may follow early returns): suspends (React Suspense) until the areas' strings are loaded, so
 * no screen renders a key instead of its words.
 */
export function suspendUntilAreaLocales(): void {
  if (!areasLoaded) throw loadAreaLocales();
}

export { i18n };
