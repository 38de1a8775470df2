// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { i18n, setupI18n, suspendUntilCoreStrings } from './index';

describe('setupI18n', () => {
  it('starts with the core strings of the session language only', async () => {
    setupI18n('en-US');
    let waited: unknown;
    try {
      suspendUntilCoreStrings();
    } catch (promise) {
      waited = promise; // suspends (a promise thrown for React Suspense) until the core strings are in
    }
    await waited;
    expect(i18n.isInitialized).toBe(true);
    expect(() => suspendUntilCoreStrings()).not.toThrow();
    expect(i18n.t('login.title')).toBe(enUS.login.title);
    expect(i18n.getResourceBundle('en-US', 'translation')).toMatchObject({ login: enUS.login });
    // neither zh-CN (no fallback language) nor `en` (the language of en-US) is looked up or loaded
    expect(i18n.languages).toEqual(['en-US']);
    expect(Object.keys(i18n.store.data)).toEqual(['en-US']);
    expect(document.documentElement.lang).toBe('en-US');
  });
});
