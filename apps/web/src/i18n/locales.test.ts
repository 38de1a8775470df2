import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { keyPaths, type Messages } from './strings';
import { zhCN } from './zh-CN';

// every folder's strings, both languages, and the folders' loaders
const files = import.meta.glob<Messages>(['../pages/**/locale.*.ts', '../components/**/locale.*.ts'], {
  eager: true,
  import: 'default',
});
const loaders = Object.keys(import.meta.glob(['../pages/**/locale.ts', '../components/**/locale.ts']));

const folders = new Map<string, Record<string, Messages>>([
  ['i18n (core)', { 'zh-CN': zhCN, 'en-US': enUS }],
]);
for (const [file, messages] of Object.entries(files)) {
  const language = /locale\.(.+)\.ts$/.exec(file)![1]!;
  const folder = path.dirname(file);
  folders.set(folder, { ...folders.get(folder), [language]: messages });
}

function valueAt(tree: Messages, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Messages)[part], tree);
}

describe('console strings', () => {
  it('each folder with strings has a zh-CN and an en-US file and a locale.ts that loads them', () => {
    expect(folders.size).toBeGreaterThan(20);
    for (const [folder, languages] of folders) {
      expect(Object.keys(languages).sort(), folder).toEqual(['en-US', 'zh-CN']);
      if (folder !== 'i18n (core)') expect(loaders, folder).toContain(`${folder}/locale.ts`);
    }
    expect(loaders.length).toBe(folders.size - 1);
  });

  it('zh-CN and en-US have exactly the same keys, in every folder', () => {
    for (const [folder, languages] of folders) {
      const zh = keyPaths(languages['zh-CN']!).sort();
      const en = keyPaths(languages['en-US']!).sort();
      expect(
        zh.filter((key) => !en.includes(key)),
        `${folder}: only in zh-CN`,
      ).toEqual([]);
      expect(
        en.filter((key) => !zh.includes(key)),
        `${folder}: only in en-US`,
      ).toEqual([]);
    }
  });

  it('no string is empty', () => {
    for (const [folder, languages] of folders)
      for (const [language, tree] of Object.entries(languages))
        for (const key of keyPaths(tree))
          expect(valueAt(tree, key), `${folder} ${language} ${key}`).not.toBe('');
  });

  it('two folders never define one namespace', () => {
    const owner = new Map<string, string>();
    for (const [folder, languages] of folders)
      for (const namespace of Object.keys(languages['zh-CN']!)) {
        expect(owner.get(namespace), `"${namespace}" in ${folder}`).toBeUndefined();
        owner.set(namespace, folder);
      }
  });
});
