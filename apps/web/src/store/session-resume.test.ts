// @vitest-environment happy-dom
import type { MenuNode } from '@aos/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

function node(code: string, path: string, children: MenuNode[] = []): MenuNode {
  return {
    ...{ id: code, parentId: '0', code, name: code, alias: code, path, source: '', sort: 1 },
    ...{ category: 1, action: 0, isOpen: 1, component: '', remark: '', hasChildren: children.length > 0 },
    children,
  };
}

const DEVICES = node('device_manager', '/device-manager', [node('device', '/device-manager/device')]);
const SYSTEM = node('system', '/system', [node('user', '/system/user')]);
const TOKENS = { access_token: 'A2', refresh_token: 'R2', expires_in: 3600, token_type: 'bearer' };

const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '' });

/** The server as the session flow sees it; `refresh` answers the refresh grant. */
function server(refresh: () => Response | Promise<Response>) {
  const calls: string[] = [];
  const fetcher = vi.fn(async (url: string) => {
    calls.push(url);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.startsWith('/api/blade-auth/oauth/token')) return refresh();
    if (url.startsWith('/api/blade-auth/oauth/user-info'))
      return json(ok({ account: 'admin', roles: ['administrator'] }));
    if (url.startsWith('/api/blade-system/menu/buttons')) return json(ok([]));
    if (url.startsWith('/api/blade-system/menu/routes?topMenuId=T1')) return json(ok([DEVICES]));
    if (url.startsWith('/api/blade-system/menu/routes')) return json(ok([DEVICES, SYSTEM]));
    return new Response('{}', { status: 404 });
  });
  return { calls, fetcher };
}

const record = (content: unknown) => JSON.stringify({ dataType: typeof content, content, datetime: 0 });

/** A fresh console module graph over the storage as it is now (the store reads it once, at import). */
async function load(fetcher: (url: string) => Promise<Response>) {
  vi.resetModules();
  const { configureHttp } = await import('../api/http');
  const flow = await import('./session-flow');
  const { useSession } = await import('./session');
  flow.setupHttp();
  configureHttp(
    {
      basicAuth: () => 'Basic x',
      token: () => useSession.getState().token,
      tenantId: () => '000000',
      language: () => 'en-US',
      statusWhiteList: () => [],
      showError: () => undefined,
      unknownError: () => 'unknown',
      onUnauthorized: () => undefined,
    },
    fetcher as unknown as typeof fetch,
  );
  return { ...flow, useSession };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('a new tab of a signed-in user', () => {
  it('restores the session from the refresh token, and the guards wait meanwhile', async () => {
    localStorage.setItem('aos-refreshToken', record('R1'));
    localStorage.setItem('aos-userInfo', record({ account: 'admin' }));
    const { calls, fetcher } = server(() => new Response(JSON.stringify(TOKENS), { status: 200 }));
    const { resumeSession, useSession } = await load(fetcher);
    expect(useSession.getState().restoring).toBe(true);
    await resumeSession();
    const state = useSession.getState();
    expect(state).toMatchObject({ token: 'A2', refreshToken: 'R2', restoring: false });
    expect(state.menu.map((item) => item.code)).toEqual(['device_manager', 'system']);
    expect(calls[0]).toContain('refresh_token=R1');
    expect(JSON.parse(sessionStorage.getItem('aos-token')!).content).toBe('A2');
    expect(JSON.parse(localStorage.getItem('aos-refreshToken')!).content).toBe('R2');
  });

  it('spends the refresh token another tab stored last, never its own older copy', async () => {
    localStorage.setItem('aos-refreshToken', record('R1'));
    const { calls, fetcher } = server(() => new Response(JSON.stringify(TOKENS), { status: 200 }));
    const { resumeSession } = await load(fetcher);
    localStorage.setItem('aos-refreshToken', record('R1b')); // another tab rotated it meanwhile
    await resumeSession();
    expect(calls[0]).toContain('refresh_token=R1b');
  });

  it('signs out when the refresh token is refused', async () => {
    localStorage.setItem('aos-refreshToken', record('R1'));
    const refused = { error: 'invalid_grant', error_description: 'refresh token invalid' };
    const { fetcher } = server(() => new Response(JSON.stringify(refused), { status: 400 }));
    const { resumeSession, useSession } = await load(fetcher);
    await resumeSession();
    expect(useSession.getState()).toMatchObject({ token: undefined, restoring: false });
    expect(localStorage.getItem('aos-refreshToken')).toBeNull();
  });

  it('leaves the shared refresh token to the other tabs when the network fails', async () => {
    localStorage.setItem('aos-refreshToken', record('R1'));
    const { fetcher } = server(() => Promise.reject(new TypeError('network down')));
    const { resumeSession, useSession } = await load(fetcher);
    await resumeSession();
    expect(useSession.getState()).toMatchObject({ token: undefined, restoring: false });
    expect(JSON.parse(localStorage.getItem('aos-refreshToken')!).content).toBe('R1');
  });

  it('restores nothing without a refresh token', async () => {
    const { calls, fetcher } = server(() => new Response('{}', { status: 500 }));
    const { resumeSession, useSession } = await load(fetcher);
    expect(useSession.getState().restoring).toBe(false);
    await resumeSession();
    expect(calls).toEqual([]);
  });
});

describe('top menus', () => {
  it('narrow the side menu only: the routes keep every menu the user may open', async () => {
    sessionStorage.setItem('aos-token', record('A1'));
    const { fetcher } = server(() => new Response('{}', { status: 500 }));
    const { chooseTopMenu, loadSessionData, useSession } = await load(fetcher);
    await loadSessionData();
    expect(await chooseTopMenu('T1')).toBe('/device-manager/device/index');
    let state = useSession.getState();
    expect(state.topMenuId).toBe('T1');
    expect(state.sideMenu?.map((item) => item.code)).toEqual(['device_manager']);
    expect(state.menu.map((item) => item.code)).toEqual(['device_manager', 'system']);
    // a reload fetches both again
    await loadSessionData();
    state = useSession.getState();
    expect(state.sideMenu?.map((item) => item.code)).toEqual(['device_manager']);
    expect(state.menu).toHaveLength(2);
    // no top menu: the side menu shows the whole menu
    expect(await chooseTopMenu(undefined)).toBeUndefined();
    expect(useSession.getState()).toMatchObject({ topMenuId: undefined, sideMenu: undefined });
    expect(sessionStorage.getItem('aos-sideMenu')).toBeNull();
  });
});
