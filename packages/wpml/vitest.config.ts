import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // Tests run the contract from source, so no build is needed first.
    alias: {
      '@aos/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)),
    },
  },
  test: { name: 'wpml', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
