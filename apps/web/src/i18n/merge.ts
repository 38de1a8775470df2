type Messages = { [key: string]: string | Messages };

export interface AreaLocale {
  'zh-CN': Messages;
  'en-US': Messages;
}

/** The core strings plus every area's; an area may not redefine a namespace another one owns. */
export function mergeAreaLocales(core: AreaLocale, areas: AreaLocale[]): AreaLocale {
  const merged: AreaLocale = { 'zh-CN': { ...core['zh-CN'] }, 'en-US': { ...core['en-US'] } };
  for (const area of areas) {
    for (const language of ['zh-CN', 'en-US'] as const) {
      for (const [namespace, messages] of Object.entries(area[language])) {
        if (namespace in merged[language]) throw new Error(`i18n namespace "${namespace}" is defined twice`);
        merged[language][namespace] = messages;
      }
    }
  }
  return merged;
}

/** Every key path of a message tree, for the zh-CN/en-US parity test. */
export function keyPaths(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}
