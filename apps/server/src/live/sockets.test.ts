import { EventEmitter } from 'node:events';
import { LIVE_CLOSE_SESSION_ENDED, type LiveFrame } from '@aos/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../lib/context.js';
import type { VerifiedAccess } from '../modules/auth/session.service.js';
import type { LiveHub, LiveListener } from './hub.js';
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

const claims = (sid: string) => ({ sid, user_id: sid, tenant_id: sid }) as unknown as VerifiedAccess;

/** Tokens are the tenant ids; 'none' has no live permission. */
function setup() {
  let listener: LiveListener = () => undefined;
  const hub = {
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
      verifyAccess: (token) => (token.startsWith('t') ? claims(token) : null),
      isRevoked: (sid) => revoked.has(sid),
    },
    {
      resolve: async (given) =>
        ({
          tenantId: given.tenant_id,
          permissions: new Set(given.tenant_id === 'tnone' ? ['user'] : ['track']),
        }) as unknown as Principal,
    },
  );
  return { sockets, revoked, emit: (tenantId: string, frame: LiveFrame) => listener(tenantId, frame) };
}

const state = (sn: string): LiveFrame => ({ event: 'state', data: { sn, timestamp: 1, state: {} } });

describe('LiveSockets', () => {
  let close: () => void = () => undefined;
  afterEach(() => close());

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
});
