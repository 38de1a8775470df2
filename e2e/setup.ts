import { afterEach, expect } from 'vitest';
import { policyViolations } from './harness.js';

// Every browser test also checks that the console ran within its Content-Security-Policy: a script, style,
// image, stream or connection the policy refused is a failure of the test during which it happened.
afterEach(() => {
  const refused = policyViolations.splice(0);
  expect(refused, 'refused by the Content-Security-Policy').toEqual([]);
});
