import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keyPaths, type Messages } from './strings';

/**
 * A screen's words come with its chunk: each `locale.ts` a chunk imports starts loading its folder's strings
 * when the chunk is evaluated, and the screen is shown only once they are in (the screen registry waits;
 * a screen the shell routes itself calls `suspendUntilStrings`). This reads the sources and checks, for every
 * module loaded on demand, that the area strings its code refers to are loaded and waited for by then: by a
 * `locale.ts` among its own static imports when it waits, else among its importer's.
 */
const src = fileURLToPath(new URL('..', import.meta.url));

const areaFiles = import.meta.glob<Messages>(
  ['../pages/**/locale.zh-CN.ts', '../components/**/locale.zh-CN.ts'],
  {
    eager: true,
    import: 'default',
  },
);
/** namespace → its keys, and the `locale.ts` (absolute) that loads it */
const namespaces = new Map<string, { keys: string[]; loader: string }>();
for (const [file, messages] of Object.entries(areaFiles)) {
  const loader = path.resolve(src, 'i18n', path.dirname(file), 'locale.ts');
  for (const [namespace, tree] of Object.entries(messages))
    namespaces.set(namespace, { keys: keyPaths(tree as Messages), loader });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) =>
    files.has(file),
  );
}

interface Module {
  imports: string[];
  dynamicImports: string[];
  /** area namespaces whose keys the code names */
  uses: Set<string>;
  /** it waits for its strings itself (a screen the shell routes) */
  suspends: boolean;
}

const files = new Set(sources(src));
const modules = new Map<string, Module>();
for (const file of files) {
  const code = readFileSync(file, 'utf8');
  const imports: string[] = [];
  // static imports and re-exports; `import type` and all-type specifier lists are erased by the compiler
  for (const match of code.matchAll(
    /\b(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    const list = match[2]!.replace(/^\{|\}$/g, '').trim();
    const typeOnly =
      Boolean(match[1]) ||
      (/^\{[^}]*\}$/.test(match[2]!.trim()) &&
        list.split(',').every((name) => !name.trim() || name.trim().startsWith('type ')));
    if (!typeOnly) imports.push(match[3]!);
  }
  for (const match of code.matchAll(/\bimport\s+['"]([^'"]+)['"]/g)) imports.push(match[1]!);
  const dynamicImports = [...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]!);
  const uses = new Set<string>();
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''); // keys named in comments do not count
  for (const match of text.matchAll(/['"`]([A-Za-z]\w*)\.([\w.]*)/g)) {
    const area = namespaces.get(match[1]!);
    const rest = match[2]!;
    // a key of the namespace, or the fixed start of a composed one (`dock.${field}`, `remote.rows.${row}`)
    const prefix = !rest || rest.endsWith('.') ? rest : `${rest}.`;
    if (area?.keys.some((key) => key === rest || key.startsWith(prefix))) uses.add(match[1]!);
  }
  const resolved = (list: string[]) => list.flatMap((specifier) => resolve(file, specifier) ?? []);
  modules.set(file, {
    imports: resolved(imports),
    dynamicImports: resolved(dynamicImports),
    uses,
    suspends: /\bsuspendUntilStrings\(\)/.test(text),
  });
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    modules.get(file)?.imports.forEach(visit);
  };
  visit(entry);
  return seen;
}

function provided(files: Set<string>): Set<string> {
  return new Set(
    [...namespaces].filter(([, { loader }]) => files.has(loader)).map(([namespace]) => namespace),
  );
}

describe('screen strings', () => {
  it('finds the area namespaces and the lazily loaded modules it checks', () => {
    expect(namespaces.has('dock')).toBe(true);
    expect(namespaces.has('crud')).toBe(true);
    const lazy = [...modules.values()].flatMap((module) => module.dynamicImports);
    expect(lazy.some((file) => file.endsWith('DockPage.tsx'))).toBe(true);
  });

  it('every module loaded on demand has the area strings its code uses, loaded and waited for', () => {
    const problems: string[] = [];
    for (const [importer, module] of modules) {
      const inherited = provided(closure(importer));
      for (const entry of module.dynamicImports) {
        const loaded = closure(entry);
        const own = provided(loaded);
        const waits = importer.endsWith('/screen.ts') || modules.get(entry)!.suspends;
        const where = `${path.relative(src, entry)} (from ${path.relative(src, importer)})`;
        if (!waits)
          for (const namespace of own)
            if (!inherited.has(namespace))
              problems.push(
                `${where} loads "${namespace}" without waiting for it: import it where it is waited for`,
              );
        const available = new Set([...(waits ? own : []), ...inherited]);
        for (const file of loaded)
          for (const namespace of modules.get(file)!.uses)
            if (!available.has(namespace))
              problems.push(
                `${where}: ${path.relative(src, file)} uses "${namespace}" but nothing loads and waits for ` +
                  path.relative(src, namespaces.get(namespace)!.loader),
              );
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});
