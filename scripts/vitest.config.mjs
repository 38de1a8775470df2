import { defineProject } from 'vitest/config';

// The scripts' tests run the linters and builds in process: seconds each, more on a loaded machine.
export default defineProject({
  test: { name: 'scripts', include: ['**/*.test.mjs'], testTimeout: 60_000 },
});
