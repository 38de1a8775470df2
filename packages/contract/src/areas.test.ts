import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('./', import.meta.url));
const script = fileURLToPath(new URL('../scripts/areas.mjs', import.meta.url));

/** Each area's message table as written, with the keys in the order they appear. */
function messageKeys(area: string): string[] {
  const text = readFileSync(`${src}${area}/messages.ts`, 'utf8');
  const own = [...text.matchAll(/^ {2}'([\w.]+)':/gm)].map((match) => match[1]!);
  // system/messages.ts gathers one file per resource
  const parts = [...text.matchAll(/from '\.\/([\w.-]+)\.js'/g)].map((match) => match[1]!);
  return [
    ...own,
    ...parts.flatMap((part) =>
      [...readFileSync(`${src}${area}/${part}.ts`, 'utf8').matchAll(/^ {2}'([\w.]+)':/gm)].map(
        (match) => match[1]!,
      ),
    ),
  ];
}

describe('contract areas', () => {
  it('lists every area folder in areas.ts and area-messages.ts (scripts/areas.mjs --check)', () => {
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('never defines one message key twice, in one area or across areas', () => {
    const areas = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((area) => readdirSync(`${src}${area}`).includes('messages.ts'));
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const area of areas) {
      for (const key of messageKeys(area)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)} and ${area})`);
        seen.set(key, area);
      }
    }
    expect(seen.size).toBeGreaterThan(300);
    expect(twice).toEqual([]);
  });
});
