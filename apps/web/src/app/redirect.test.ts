import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('the address to come back to after sign-in', () => {
  it('keeps the whole address: path, query and fragment', () => {
    const login = loginPathFor({ pathname: '/remote-control', search: '?sn=DOCK-1&x=a%26b', hash: '#video' });
    expect(login).toBe('/login?redirect=%2Fremote-control%3Fsn%3DDOCK-1%26x%3Da%2526b%23video');
    const back = new URLSearchParams(login.split('?')[1]).get('redirect');
    expect(safeRedirect(back)).toBe('/remote-control?sn=DOCK-1&x=a%26b#video');
  });

  it('asks for no redirect from the root', () => {
    expect(loginPathFor({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });

  it('refuses addresses of another site', () => {
    for (const value of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'home', '', null])
      expect(safeRedirect(value), String(value)).toBeUndefined();
  });
});
