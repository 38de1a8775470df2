import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/wpml',
      'apps/server',
      'apps/device-sim',
      'apps/web',
      'scripts',
      'e2e',
    ],
    // Vitest runs `cpus - 1` files at once: one on this 2-core CI machine. Most server files wait on sockets,
    // timers and child processes rather than compute, so two at a time keep both cores busy (measured: the
    // server suite in 12.4 min with two instead of 28.7 with one, on the same loaded machine). The browser
    // tests (e2e/vitest.config.ts) run two at a time as well, after the others.
    maxWorkers: 2,
  },
});
