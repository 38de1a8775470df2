import type { Language } from '@aos/contract';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  claimNamespaces,
  type LocaleFiles,
  pickLanguage,
  startStrings,
  suspendUntilStrings,
} from './strings';

/**
 * The core strings (common words, sign-in, shell, errors), one file per language. Only the active language's
 * file is downloaded: the language changes by reload (spec §1), so the other one is never needed.
 */
const coreFiles: LocaleFiles = {
  './locale.zh-CN.ts': () => import('./zh-CN').then((module) => module.zhCN),
  './locale.en-US.ts': () => import('./en-US').then((module) => module.enUS),
};

/** Hands i18next the core strings of the language it asks for; react-i18next's hooks suspend until then. */
const coreBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, _namespace, callback) {
    pickLanguage(coreFiles, language as Language)()
      .then((messages) => {
        claimNamespaces(messages);
        callback(null, messages);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};

let ready: Promise<unknown> = Promise.resolve();

/**
 * i18next with zh-CN (default) and en-US, the language from the session. It starts with the core strings of
 * that language only; each screen and shared component brings its own strings (`strings.ts`, `locale.ts`).
 */
export function setupI18n(language: Language) {
  ready = i18n
    .use(coreBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // no fallback language and no `en` for `en-US`: one language's files, and a parity test keeps them whole
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['translation'],
      interpolation: { escapeValue: false },
    });
  startStrings(language);
  document.documentElement.lang = language;
  return i18n;
}

/**
 * For the signed-in part of the console (not a hook: it may follow early returns): suspends (React Suspense)
 * until the core strings and whatever strings are loading are in. Each screen's strings come with its
 * chunk and the screen waits for them itself.
 */
export function suspendUntilCoreStrings(): void {
  if (!i18n.isInitialized) throw ready;
  suspendUntilStrings();
}

export { i18n };
