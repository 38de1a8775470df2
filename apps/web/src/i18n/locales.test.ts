import { describe, expect, it } from 'vitest';
import { areaResources } from './areas';
import { enUS } from './en-US';
import { keyPaths, mergeAreaLocales } from './merge';
import { zhCN } from './zh-CN';

// what the signed-in console holds: the core strings and every area's (a namespace defined twice throws)
const resources = mergeAreaLocales({ 'zh-CN': zhCN, 'en-US': enUS }, [areaResources]);

describe('console strings', () => {
  it('zh-CN and en-US have exactly the same keys, every area included', () => {
    const zh = keyPaths(resources['zh-CN']).sort();
    const en = keyPaths(resources['en-US']).sort();
    expect(zh.filter((key) => !en.includes(key))).toEqual([]);
    expect(en.filter((key) => !zh.includes(key))).toEqual([]);
  });

  it('no string is empty', () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const tree = resources[language] as Record<string, unknown>;
      for (const path of keyPaths(resources[language])) {
        const value = path
          .split('.')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
        expect(value, `${language} ${path}`).not.toBe('');
      }
    }
  });
});
