import type { Language } from './common/constants.js';
import { areaMessages } from './area-messages.js';

/**
 * Messages that the server sends and the console shows: validation rules of spec §5 and the errors of §8.
 * Each area keeps its own in `<area>/messages.ts` (keys `<namespace>.<name>`, zh-CN then en-US); `areas.ts`
 * gathers them. Schemas in this package carry these keys as their messages, so each side translates them once.
 */
const catalog = areaMessages;

export type MessageKey = keyof typeof catalog;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalog, value);
}

/**
 * Translate a message key; unknown keys pass through unchanged, so plain text messages still work. A `rule`
 * parameter that is itself a message key is translated too (with the other parameters), so a message can wrap
 * another rule's (e.g. an imported file's shape 3 breaking `gis.polygonMin`).
 */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const entry = isMessageKey(key) ? catalog[key] : undefined;
  const template = entry ? entry[language === 'en-US' ? 1 : 0] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (name === 'rule' && typeof value === 'string' && isMessageKey(value)) {
      const { rule: _nested, ...rest } = params;
      return translate(language, value, rest);
    }
    return String(value);
  });
}

export function messageCatalog(language: Language): Record<MessageKey, string> {
  const index = language === 'en-US' ? 1 : 0;
  return Object.fromEntries(Object.entries(catalog).map(([key, pair]) => [key, pair[index]])) as Record<
    MessageKey,
    string
  >;
}
