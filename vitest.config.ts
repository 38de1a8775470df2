import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/device-sim', 'apps/web', 'scripts', 'e2e'],
  },
});
