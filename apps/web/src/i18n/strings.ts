import type { Language } from '@aos/contract';
import { DEFAULT_LANGUAGE } from '@aos/contract/rules';
import i18n from 'i18next';

export type Messages = { [key: string]: string | Messages };

/**
 * One folder's strings, one file per language, as `import.meta.glob('./locale.*.ts', { import: 'default' })`
 * gives them: `./locale.zh-CN.ts` and `./locale.en-US.ts`, each loaded only when asked for.
 */
export type LocaleFiles = Record<string, () => Promise<Messages>>;

// The language changes by reload (spec §1), so it is fixed once the console starts (`setupI18n`).
let language: Language = DEFAULT_LANGUAGE;
let started = false;
const waiting: Messages[] = [];
// namespace → the messages object that defined it: a second definition is a mistake, not an override
const owners = new Map<string, Messages[string]>();

/** Called once by `setupI18n`, after i18next's store exists: bundles that came earlier are added now. */
export function startStrings(active: Language): void {
  language = active;
  started = true;
  for (const messages of waiting.splice(0)) addStrings(messages);
}

/** The file of `files` for `active`, and only that one: the other language is never downloaded. */
export function pickLanguage(files: LocaleFiles, active: Language): () => Promise<Messages> {
  const load = files[`./locale.${active}.ts`];
  if (!load) throw new Error(`no ${active} strings among ${Object.keys(files).join(', ')}`);
  return load;
}

/** Records who defines each namespace of `messages`; throws when another file defined one already. */
export function claimNamespaces(messages: Messages): void {
  for (const [namespace, value] of Object.entries(messages)) {
    const owner = owners.get(namespace);
    if (owner && owner !== value) throw new Error(`i18n namespace "${namespace}" is defined twice`);
    owners.set(namespace, value);
  }
}

/** Adds one folder's strings to i18next; a namespace may be defined by one folder only. */
export function addStrings(messages: Messages): void {
  claimNamespaces(messages);
  if (started) i18n.addResourceBundle(language, 'translation', messages, true, false);
  else waiting.push(messages);
}

const loading = new Set<Promise<void>>();
// A folder's strings that failed to load fail every later wait too: the screen shows its retry page, and
// the retry reloads the console.
let failure: unknown;

/**
 * What each `locale.ts` calls when it is evaluated: loads the active language's file of its folder. A
 * screen's chunk thus asks for its own strings (and its shared components' ones) as it loads, all at once,
 * and whoever shows it waits for them (`stringsReady`, `suspendUntilStrings`), so no key is ever rendered.
 */
export function loadStrings(files: LocaleFiles): void {
  const done: Promise<void> = pickLanguage(files, language)()
    .then(addStrings)
    .catch((error: unknown) => {
      failure = error;
      throw error;
    })
    .finally(() => loading.delete(done));
  loading.add(done);
  done.catch(() => undefined); // the failure goes to whoever waits
}

/** Resolves once every folder's strings asked for so far are in; rejects when one could not be loaded. */
export function stringsReady(): Promise<void> {
  if (failure) return Promise.reject(failure);
  return Promise.all(loading).then(() => undefined);
}

/**
 * For a screen that is not loaded through the screen registry (not a hook: it may follow early returns):
 * suspends (React Suspense) until the strings its chunk asked for are in; a failed load is thrown for the
 * screen's error boundary.
 */
export function suspendUntilStrings(): void {
  if (failure) throw failure;
  if (loading.size) throw stringsReady();
}

/** Every key path of a message tree (`dock.basicSet.title`), for the parity and coverage tests. */
export function keyPaths(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}
