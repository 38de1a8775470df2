import i18n from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addStrings,
  loadStrings,
  pickLanguage,
  startStrings,
  stringsReady,
  suspendUntilStrings,
} from './strings';

const files = () => ({
  './locale.zh-CN.ts': vi.fn(async () => ({ demo: { hello: '你好' } })),
  './locale.en-US.ts': vi.fn(async () => ({ demo: { hello: 'Hello' } })),
});

describe('strings per language', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en-US', fallbackLng: false, resources: {} });
    startStrings('en-US');
  });

  it('picks the active language file of a folder and never the other', () => {
    const folder = files();
    expect(pickLanguage(folder, 'en-US')).toBe(folder['./locale.en-US.ts']);
    expect(pickLanguage(folder, 'zh-CN')).toBe(folder['./locale.zh-CN.ts']);
    expect(folder['./locale.zh-CN.ts']).not.toHaveBeenCalled();
    expect(() => pickLanguage({ './locale.zh-CN.ts': folder['./locale.zh-CN.ts'] }, 'en-US')).toThrow(
      /no en-US strings/,
    );
  });

  it('loads only the active language file and adds its words to i18next', async () => {
    const folder = files();
    loadStrings(folder);
    expect(() => suspendUntilStrings()).toThrow(); // a promise, for React Suspense, while they load
    await stringsReady();
    expect(() => suspendUntilStrings()).not.toThrow();
    expect(folder['./locale.en-US.ts']).toHaveBeenCalledTimes(1);
    expect(folder['./locale.zh-CN.ts']).not.toHaveBeenCalled();
    expect(i18n.t('demo.hello')).toBe('Hello');
    expect(i18n.getResourceBundle('zh-CN', 'translation')).toBeUndefined();
  });

  it('refuses a namespace another folder defined', () => {
    addStrings({ owned: { a: 'A' } });
    expect(() => addStrings({ owned: { b: 'B' } })).toThrow('i18n namespace "owned" is defined twice');
  });

  it('reports a folder whose strings could not be loaded to whoever waits', async () => {
    const broken = new Error('offline');
    loadStrings({ './locale.en-US.ts': () => Promise.reject(broken) });
    await expect(stringsReady()).rejects.toBe(broken);
    expect(() => suspendUntilStrings()).toThrow(broken);
  });
});
