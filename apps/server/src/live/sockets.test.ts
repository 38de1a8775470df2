import { EventEmitter } from 'node:events';
import {
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_CLOSE_TOKEN_EXPIRED,
  LIVE_RENEW_REFUSED,
  type LiveFrame,
} from '@aos/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../lib/context.js';
import type { VerifiedAccess } from '../modules/auth/session.service.js';
import { MemoryCache } from '../lib/cache.js';
import type { LiveHub, LiveListener } from './hub.js';
import { LiveRooms } from './rooms.js';
import { LiveSockets } from './sockets.js';

class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: LiveFrame[] = [];
  closed: { code?: number; reason?: string } | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as LiveFrame);
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
    this.emit('close');
  }
}

/**
 * A token is `tenant[.session][@exp]`: the user is `u-{tenant}`, the session the tenant unless named, the
 * expiry (seconds) an hour away unless given.
 */
function claims(token: string): VerifiedAccess {
  const [base = '', exp] = token.split('@');
  const [tenant = '', session = tenant] = base.split('.');
  return {
    sid: session,
    user_id: `u-${tenant}`,
    tenant_id: tenant,
    exp: exp ? Number(exp) : Math.floor(Date.now() / 1000) + 3600,
  } as unknown as VerifiedAccess;
}
/** A token of `tenant[.session]` expiring in `seconds` (whole seconds, as JWT's `exp`). */
const expiringIn = (base: string, seconds: number) => `${base}@${Math.floor(Date.now() / 1000) + seconds}`;
const caches: MemoryCache[] = [];

/** Tokens are the tenant ids; 'none' has no live permission. */
function setup() {
  let listener: LiveListener = () => undefined;
  const cache = new MemoryCache();
  caches.push(cache);
  const rooms = new LiveRooms(cache, 'test');
  rooms.define('probe', (member, id) => id.startsWith(member.tenantId));
  const hub = {
    rooms,
    subscribe: (fn: LiveListener) => {
      listener = fn;
      return () => undefined;
    },
    list: async (tenantId: string) => [{ sn: `${tenantId}-DOCK`, tenantId }],
  } as unknown as LiveHub;
  const revoked = new Set<string>();
  const sockets = new LiveSockets(
    hub,
    {
      verifyAccess: (token) =>
        token.startsWith('t') && !revoked.has(claims(token).sid) ? claims(token) : null,
      isRevoked: (sid) => revoked.has(sid),
    },
    {
      resolve: async (given) =>
        ({
          tenantId: given.tenant_id,
          userId: given.user_id,
          permissions: new Set(given.tenant_id === 'tnone' ? ['user'] : ['track']),
        }) as unknown as Principal,
    },
  );
  return {
    sockets,
    revoked,
    rooms,
    emit: (tenantId: string, frame: LiveFrame) => listener(tenantId, frame),
  };
}

const state = (sn: string): LiveFrame => ({ event: 'state', data: { sn, timestamp: 1, state: {} } });

describe('LiveSockets', () => {
  let close: () => void = () => undefined;
  afterEach(async () => {
    close();
    for (const cache of caches.splice(0)) await cache.close();
  });

  it('closes a user without any live permission with 4403 (forbidden)', async () => {
    const { sockets } = setup();
    close = () => sockets.close();
    const socket = new FakeSocket();
    sockets.accept(socket, 'tnone');
    await vi.waitFor(() =>
      expect(socket.closed).toEqual({ code: LIVE_CLOSE_SESSION_ENDED, reason: 'forbidden' }),
    );
    expect(socket.sent).toEqual([]);
  });

  it('answers frames sent before the token was checked, and routes only the own tenant’s frames', async () => {
    const { sockets, emit, revoked } = setup();
    close = () => sockets.close();
    const one = new FakeSocket();
    const two = new FakeSocket();
    sockets.accept(one, 't1');
    sockets.accept(two, 't2');
    one.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe' })));
    two.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe' })));
    await vi.waitFor(() => expect(one.sent.map((frame) => frame.event)).toEqual(['hello', 'snapshot']));
    await vi.waitFor(() => expect(two.sent.map((frame) => frame.event)).toEqual(['hello', 'snapshot']));
    emit('t1', state('t1-DOCK'));
    emit('t2', state('t2-DOCK'));
    expect(one.sent.slice(2)).toEqual([state('t1-DOCK')]);
    expect(two.sent.slice(2)).toEqual([state('t2-DOCK')]);
    expect(sockets.count()).toBe(2);

    revoked.add('t1');
    await sockets.checkSessions();
    expect(one.closed).toEqual({ code: LIVE_CLOSE_SESSION_ENDED, reason: 'session ended' });
    expect(two.closed).toBeNull();
    expect(sockets.count()).toBe(1);
  });

  it('puts each socket in its tenant and user rooms, joins rooms the rule allows, and routes room frames', async () => {
    const { sockets, rooms } = setup();
    close = () => sockets.close();
    const one = new FakeSocket();
    const two = new FakeSocket();
    sockets.accept(one, 't1');
    sockets.accept(two, 't2');
    await vi.waitFor(() => expect(two.sent.map((frame) => frame.event)).toEqual(['hello']));
    expect(one.sent[0]).toMatchObject({
      data: { tenantId: 't1', userId: 'u-t1', rooms: ['tenant:t1', 'user:u-t1'] },
    });
    const ask = (socket: FakeSocket, message: object) =>
      socket.emit('message', Buffer.from(JSON.stringify(message)));
    ask(one, { type: 'join', room: 'probe:t1-7' });
    ask(one, { type: 'join', room: 'probe:t2-7' });
    ask(one, { type: 'join', room: 'nothing:1' });
    ask(one, { type: 'join', room: 'tenant:t2' });
    await vi.waitFor(() => expect(one.sent).toHaveLength(5));
    expect(one.sent.slice(1)).toEqual([
      { event: 'joined', data: { room: 'probe:t1-7' } },
      { event: 'error', data: { room: 'probe:t2-7', reason: 'forbidden' } },
      { event: 'error', data: { room: 'nothing:1', reason: 'unknown room kind' } },
      { event: 'error', data: { room: 'tenant:t2', reason: 'room of another tenant' } },
    ]);
    expect(sockets.members('probe:t1-7')).toBe(1);
    expect(sockets.members('probe:t2-7')).toBe(0);

    await rooms.publish('probe:t1-7', 'pong', { serverTime: 1 });
    await rooms.publish('tenant:t2', 'pong', { serverTime: 2 });
    await rooms.publish('user:u-t1', 'pong', { serverTime: 3 });
    expect(one.sent.slice(5)).toEqual([
      { event: 'pong', data: { serverTime: 1 }, room: 'probe:t1-7' },
      { event: 'pong', data: { serverTime: 3 }, room: 'user:u-t1' },
    ]);
    expect(two.sent.slice(1)).toEqual([{ event: 'pong', data: { serverTime: 2 }, room: 'tenant:t2' }]);

    ask(one, { type: 'leave', room: 'probe:t1-7' });
    ask(one, { type: 'leave', room: 'user:u-t1' });
    await vi.waitFor(() => expect(one.sent).toHaveLength(9));
    expect(sockets.members('probe:t1-7')).toBe(0);
    expect(sockets.members('user:u-t1')).toBe(1); // the home rooms stay
    one.close();
    expect(sockets.members('user:u-t1')).toBe(0);
    expect(sockets.members('tenant:t1')).toBe(0);
  });
  it('closes a socket when its access token expires, with 4408', async () => {
    const { sockets } = setup();
    close = () => sockets.close();
    const socket = new FakeSocket();
    sockets.accept(socket, expiringIn('t1', 1));
    await vi.waitFor(() => expect(socket.sent.map((frame) => frame.event)).toEqual(['hello']));
    await vi.waitFor(
      () => expect(socket.closed).toEqual({ code: LIVE_CLOSE_TOKEN_EXPIRED, reason: 'token expired' }),
      { timeout: 3000 },
    );
    expect(sockets.count()).toBe(0);
    expect(sockets.members('user:u-t1')).toBe(0);
  });

  it('keeps a renewed socket open past the first token, until the fresh one expires', async () => {
    const { sockets } = setup();
    close = () => sockets.close();
    const socket = new FakeSocket();
    const first = expiringIn('t1', 1);
    sockets.accept(socket, first);
    await vi.waitFor(() => expect(socket.sent).toHaveLength(1));
    const fresh = expiringIn('t1', 3);
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'renew', token: fresh })));
    await vi.waitFor(() =>
      expect(socket.sent[1]).toEqual({ event: 'renewed', data: { expiresAt: claims(fresh).exp * 1000 } }),
    );
    // Past the first token's expiry: still open.
    await new Promise((resolve) => setTimeout(resolve, claims(first).exp * 1000 - Date.now() + 300));
    expect(socket.closed).toBeNull();
    expect(sockets.count()).toBe(1);
    await vi.waitFor(() => expect(socket.closed?.code).toBe(LIVE_CLOSE_TOKEN_EXPIRED), { timeout: 4000 });
  });

  it('refuses a renewal with a token of another user or session, or no valid token', async () => {
    const { sockets, revoked } = setup();
    close = () => sockets.close();
    const socket = new FakeSocket();
    sockets.accept(socket, expiringIn('t1', 1));
    await vi.waitFor(() => expect(socket.sent).toHaveLength(1));
    revoked.add('t1.gone');
    for (const token of [
      expiringIn('t2', 3600), // another user (of another tenant)
      expiringIn('t1.other', 3600), // the same user, another session
      expiringIn('t1.gone', 3600), // a revoked session
      'x-not-a-token',
    ]) {
      socket.emit('message', Buffer.from(JSON.stringify({ type: 'renew', token })));
    }
    await vi.waitFor(() => expect(socket.sent).toHaveLength(5));
    expect(socket.sent.slice(1)).toEqual(
      Array.from({ length: 4 }, () => ({ event: 'error', data: { reason: LIVE_RENEW_REFUSED } })),
    );
    await vi.waitFor(() => expect(socket.closed?.code).toBe(LIVE_CLOSE_TOKEN_EXPIRED), { timeout: 3000 });
  });
});
