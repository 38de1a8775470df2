// The lint rules that keep the layers (.dependency-cruiser.cjs) and React's hook rules (eslint.config.js)
// catch what they are for: each is run on a small breaking example.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { forbidden, options } = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

describe('import rules (dependency-cruiser)', () => {
  let dir;
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'aos-lint-rules-'));
    write('apps/server/src/db/seed.ts', 'export const seeded = 1;\n');
    write('apps/server/src/db/provision.ts', 'export const preset = 1;\n');
    write(
      'apps/server/src/lib/tool.ts',
      "import { helper } from '../modules/fleet/helper.js';\nexport const tool = helper;\n",
    );
    write('apps/server/src/modules/fleet/index.ts', "export { helper } from './helper.js';\n");
    write('apps/server/src/modules/fleet/helper.ts', 'export const helper = 1;\n');
    write('apps/server/src/modules/fleet/types.ts', 'export interface Dock { id: string }\n');
    write(
      'apps/server/src/modules/user/user.service.ts',
      [
        "import { seeded } from '../../db/seed.js';",
        "import { preset } from '../../db/provision.js';",
        "import { helper } from '../fleet/helper.js';",
        "import { helper as viaIndex } from '../fleet/index.js';",
        "import type { Dock } from '../fleet/types.js';",
        'export const used: [number, number, number, number, Dock?] = [seeded, preset, helper, viaIndex];',
      ].join('\n'),
    );
    write('apps/server/src/modules/user/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
    write('apps/server/src/modules/user/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
    write('apps/web/src/app/Shell.tsx', 'export const Shell = 1;\n');
    write(
      'apps/web/src/pages/home/HomePage.tsx',
      "import { Shell } from '../../app/Shell';\nexport const Home = Shell;\n",
    );
    write(
      'apps/web/src/store/session.ts',
      "import { Shell } from '../app/Shell';\nexport const session = Shell;\n",
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuse cycles, seeds, other areas’ internals, areas below the platform and the shell from pages', async () => {
    const previous = process.cwd();
    process.chdir(dir);
    try {
      const { output } = await cruise(['apps'], { ...options, ruleSet: { forbidden }, validate: true });
      const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
      expect(found).toEqual(
        [
          'area-imports-another-area: apps/server/src/modules/user/user.service.ts → apps/server/src/modules/fleet/helper.ts',
          'area-imports-seed: apps/server/src/modules/user/user.service.ts → apps/server/src/db/seed.ts',
          'no-cycle: apps/server/src/modules/user/a.ts → apps/server/src/modules/user/b.ts',
          'page-imports-app: apps/web/src/pages/home/HomePage.tsx → apps/web/src/app/Shell.tsx',
          'platform-imports-area: apps/server/src/lib/tool.ts → apps/server/src/modules/fleet/helper.ts',
          'shared-imports-shell: apps/web/src/store/session.ts → apps/web/src/app/Shell.tsx',
        ].sort(),
      );
    } finally {
      process.chdir(previous);
    }
  });
});

describe("React's hook rules (ESLint)", () => {
  it('refuse a hook called conditionally and an effect that does not list what it reads', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function Page({ open, id }: { open: boolean; id: string }) {',
      '  if (open) useState(0);',
      '  useEffect(() => console.log(id), []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, {
      filePath: path.join(ROOT, 'apps/web/src/pages/home/Example.tsx'),
    });
    const rules = result.messages.map((message) => message.ruleId).sort();
    expect(rules).toEqual(['react-hooks/exhaustive-deps', 'react-hooks/rules-of-hooks']);
  });
});
