import type { LiveFrame } from '@aos/contract';
import { LIVE_CLOSE_TOKEN_EXPIRED, LIVE_RENEW_REFUSED } from '@aos/contract/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient } from './client';

/** A WebSocket that records what is sent and is opened, fed and closed by the test. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: LiveFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const pong = (room?: string): LiveFrame => ({
  event: 'pong',
  data: { serverTime: 1 },
  ...(room ? { room } : {}),
});

describe('LiveClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.made = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const make = (token: { current: string } = { current: 'token' }) => {
    const frames: LiveFrame[] = [];
    const client = new LiveClient({
      token: () => token.current,
      onFrame: (frame) => frames.push(frame),
      onStatus: () => undefined,
      url: 'ws://test/api/ws',
    });
    client.start();
    return { client, frames, socket: () => FakeSocket.made.at(-1)! };
  };

  it('joins a room once however many ask, leaves it with the last, and joins again after a reconnect', () => {
    const { client, socket } = make();
    const first = client.subscribe('device:D1');
    const second = client.subscribe('device:D1');
    client.follow(['D1']);
    socket().open();
    expect(socket().sent).toEqual([
      { type: 'subscribe', sns: ['D1'] },
      { type: 'join', room: 'device:D1' },
    ]);
    first();
    first(); // a second call of the same release changes nothing
    expect(socket().sent).toHaveLength(2);
    const task = client.subscribe('task:9');
    expect(socket().sent.at(-1)).toEqual({ type: 'join', room: 'task:9' });
    socket().close(1006);
    vi.advanceTimersByTime(1200); // the first retry: 1 s ± 20 %
    socket().open();
    expect(socket().sent).toEqual([
      { type: 'subscribe', sns: ['D1'] },
      { type: 'join', room: 'device:D1' },
      { type: 'join', room: 'task:9' },
    ]);
    second();
    task();
    client.follow(null);
    expect(socket().sent.slice(3)).toEqual([
      { type: 'leave', room: 'device:D1' },
      { type: 'leave', room: 'task:9' },
      { type: 'unsubscribe' },
    ]);
    expect(client.joined()).toEqual([]);
    client.stop();
  });

  it('hands each frame to onFrame and to the handlers of its event, with its room', () => {
    const { client, frames, socket } = make();
    socket().open();
    const pongs: Array<[number, string | undefined]> = [];
    const errors: string[] = [];
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    client.on('pong', () => {
      throw new Error('a broken handler');
    });
    const off = client.on('pong', (data, frame) => pongs.push([data.serverTime, frame.room]));
    client.on('error', (data) => errors.push(data.reason));
    socket().receive(pong('user:1'));
    socket().receive({ event: 'error', data: { room: 'task:1', reason: 'unknown room kind' } });
    off();
    socket().receive(pong());
    expect(pongs).toEqual([[1, 'user:1']]);
    expect(errors).toEqual(['unknown room kind']);
    expect(frames.map((frame) => frame.event)).toEqual(['pong', 'error', 'pong']);
    expect(reported).toHaveBeenCalledTimes(2);
    client.stop();
  });
  it('renews the open socket with a refreshed token instead of reopening it', () => {
    const token = { current: 'A1' };
    const { client, socket } = make(token);
    client.follow();
    socket().open();
    token.current = 'A2';
    client.tokenChanged();
    expect(FakeSocket.made).toHaveLength(1);
    expect(socket().readyState).toBe(1);
    expect(socket().sent.at(-1)).toEqual({ type: 'renew', token: 'A2' });
    socket().receive({ event: 'renewed', data: { expiresAt: 2 } });
    client.tokenChanged(); // the same token again: nothing to renew
    expect(socket().sent.filter((message) => (message as { type: string }).type === 'renew')).toHaveLength(1);
    // Closed at the expiry all the same (another tab's refresh was missed): reconnects with the current one.
    token.current = 'A3';
    socket().close(LIVE_CLOSE_TOKEN_EXPIRED);
    expect(FakeSocket.made).toHaveLength(2);
    expect(socket().url).toBe('ws://test/api/ws?token=A3');
    client.stop();
  });

  it('reopens with the refreshed token when the renewal is refused', () => {
    const token = { current: 'A1' };
    const { client, socket } = make(token);
    socket().open();
    token.current = 'A2';
    client.tokenChanged();
    socket().receive({ event: 'error', data: { reason: LIVE_RENEW_REFUSED } });
    expect(socket().readyState).toBe(3);
    vi.advanceTimersByTime(1200);
    expect(FakeSocket.made).toHaveLength(2);
    expect(socket().url).toBe('ws://test/api/ws?token=A2');
    client.stop();
  });

  it('after an expiry close with no fresher token, waits for the refresh and then reconnects at once', () => {
    const token = { current: 'A1' };
    const { client, socket } = make(token);
    socket().open();
    socket().close(LIVE_CLOSE_TOKEN_EXPIRED);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.made).toHaveLength(1); // the same expired token would be refused
    token.current = 'A2';
    client.tokenChanged();
    expect(FakeSocket.made).toHaveLength(2);
    expect(socket().url).toBe('ws://test/api/ws?token=A2');
    client.stop();
  });

  it('keeps knocking on a server that is away at most every 6 s (5 s ± 20 %), so the view is back within 10 s', () => {
    const { client, socket } = make({ current: 'A1' });
    socket().open();
    socket().close(1006);
    // 1, 2, 4 s, then 5 s apart: each attempt fails at once
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const before = FakeSocket.made.length;
      vi.advanceTimersByTime(6000);
      expect(FakeSocket.made.length, `attempt ${attempt}`).toBe(before + 1);
      socket().close(1006);
    }
    client.stop();
  });
});
