import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: {
      '@aos/contract': fileURLToPath(new URL('../packages/contract/src/index.ts', import.meta.url)),
      '@aos/wpml': fileURLToPath(new URL('../packages/wpml/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    setupFiles: ['./setup.ts'],
    // A page follows a device or the server within a few seconds on a loaded machine, not within expect.poll's
    // default second (a pause button re-enabled after a resume missed it with the load average at 12).
    expect: { poll: { timeout: 10_000, interval: 100 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium and one server per file; two files at once fit the 2-core machine.
    maxWorkers: 2,
    // after the unit and integration projects: they are quicker to fail
    sequence: { groupOrder: 1 },
  },
});
