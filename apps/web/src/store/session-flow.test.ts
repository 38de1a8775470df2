// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { avatarProblem } from '../pages/personal-center/ProfileForm';
import { refreshDue } from './session-flow';

describe('token refresh window', () => {
  it('refreshes once the token is within ten minutes of expiry', () => {
    const issued = 1_000_000;
    expect(refreshDue(issued, 3600, issued + 2999_000)).toBe(false);
    expect(refreshDue(issued, 3600, issued + 3000_000)).toBe(true);
    expect(refreshDue(undefined, 3600, issued)).toBe(false);
  });
  it('refreshes short-lived tokens at half their life', () => {
    expect(refreshDue(1_000, 600, 300_000)).toBe(false);
    expect(refreshDue(1_000, 600, 301_000)).toBe(true);
  });
});

describe('avatar upload rule (spec §5 Uploads)', () => {
  it('takes jpg and png up to 500 kB only', () => {
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/jpeg', size: 10 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/png', size: 600 * 1024 })).toBe('personal.avatarSize');
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('personal.avatarType');
  });
});
