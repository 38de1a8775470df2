import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // Tests run the contract from source, so no build is needed first.
    alias: {
      '@aos/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      '@aos/wpml': fileURLToPath(new URL('../../packages/wpml/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'device-sim',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
