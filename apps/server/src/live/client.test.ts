import type { LiveDevice, LiveFrame } from '@aos/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE_TOO_SLOW, LiveClient, type LiveSocket } from './client.js';

class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: LiveFrame[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as LiveFrame);
  }
  close(code?: number) {
    this.closedWith = code ?? null;
    this.readyState = 3;
  }
  events(event: string) {
    return this.sent.filter((frame) => frame.event === event);
  }
}

const osd = (sn: string, n: number): LiveFrame => ({
  event: 'osd',
  data: { sn, kind: 'dock', gatewaySn: null, timestamp: n, osd: { n } },
});
const state = (sn: string, n: number): LiveFrame => ({
  event: 'state',
  data: { sn, timestamp: n, state: { n } },
});
const device = (sn: string) => ({ sn }) as LiveDevice;

describe('LiveClient pacing', () => {
  let socket: FakeSocket;
  let client: LiveClient;
  beforeEach(async () => {
    vi.useFakeTimers();
    socket = new FakeSocket();
    client = new LiveClient(socket, 't1', { osdIntervalMs: 250, highWaterBytes: 1000, closeBytes: 5000 });
    await client.follow(undefined, async () => [device('A'), device('B')]);
    expect(socket.sent.map((frame) => frame.event)).toEqual(['snapshot']);
    socket.sent = [];
  });
  afterEach(() => {
    client.dispose();
    vi.useRealTimers();
  });

  it('sends the first OSD at once and the newest of a burst when the interval is over', () => {
    for (let n = 1; n <= 20; n++) client.deliver(osd('A', n));
    expect(socket.events('osd').map((frame) => frame.data)).toMatchObject([{ osd: { n: 1 } }]);
    vi.advanceTimersByTime(250);
    expect(
      socket.events('osd').map((frame) => (frame.data as unknown as { osd: { n: number } }).osd.n),
    ).toEqual([1, 20]);
    vi.advanceTimersByTime(1000);
    expect(socket.events('osd')).toHaveLength(2);
  });

  it('keeps one timer for the client however many devices have OSD waiting', () => {
    for (let d = 0; d < 1000; d++) {
      client.deliver(osd(`D${d}`, 1));
      client.deliver(osd(`D${d}`, 2));
    }
    expect(socket.events('osd')).toHaveLength(1000);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(250);
    const second = socket.events('osd').slice(1000);
    expect(second).toHaveLength(1000);
    expect(second.every((frame) => (frame.data as unknown as { osd: { n: number } }).osd.n === 2)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('paces each device on its own and never holds other frames', () => {
    client.deliver(osd('A', 1));
    client.deliver(osd('B', 1));
    client.deliver(osd('A', 2));
    for (let n = 1; n <= 5; n++) client.deliver(state('A', n));
    expect(socket.sent.map((frame) => `${frame.event}:${(frame.data as { sn: string }).sn}`)).toEqual([
      'osd:A',
      'osd:B',
      'state:A',
      'state:A',
      'state:A',
      'state:A',
      'state:A',
    ]);
  });

  it('holds OSD while the socket is congested, newest only, and sends it once drained', () => {
    socket.bufferedAmount = 2000;
    client.deliver(osd('A', 1));
    client.deliver(state('A', 1));
    client.deliver(osd('A', 2));
    vi.advanceTimersByTime(2000);
    expect(socket.events('osd')).toEqual([]);
    expect(socket.events('state')).toHaveLength(1);
    socket.bufferedAmount = 0;
    vi.advanceTimersByTime(250);
    expect(socket.events('osd').map((frame) => frame.data)).toMatchObject([{ osd: { n: 2 } }]);
  });

  it('closes a socket that cannot keep up even with the frames never dropped', () => {
    socket.bufferedAmount = 6000;
    client.deliver(state('A', 1));
    expect(socket.closedWith).toBe(LIVE_CLOSE_TOO_SLOW);
  });

  it('follows only what it subscribed, sends changes made during the snapshot after it', async () => {
    let finish: (devices: LiveDevice[]) => void = () => undefined;
    const following = client.follow(['A', 'X'], () => new Promise((resolve) => (finish = resolve)));
    client.deliver(state('A', 7));
    client.deliver(state('B', 7));
    expect(socket.events('state')).toEqual([]);
    finish([device('A'), device('B')]);
    await following;
    const tail = socket.sent.slice(-2);
    expect(tail.map((frame) => frame.event)).toEqual(['snapshot', 'state']);
    expect(tail[0]!.data).toEqual({ devices: [device('A')] });
    client.deliver(state('X', 1));
    client.unfollow();
    client.deliver(state('A', 8));
    expect(socket.sent.slice(-1)[0]!.event).toBe('state');
    expect(socket.events('state')).toHaveLength(1);
  });

  it('writes the frames of one turn of the event loop under one cork of the socket', async () => {
    const log: string[] = [];
    const corking = Object.assign(new FakeSocket(), {
      cork: () => log.push('cork'),
      uncork: () => log.push('uncork'),
    });
    const original = corking.send.bind(corking);
    corking.send = (data: string) => {
      log.push('send');
      original(data);
    };
    const batched = new LiveClient(corking, 't1', { osdIntervalMs: 250 });
    await batched.follow(undefined, async () => [device('A'), device('B')]);
    vi.runOnlyPendingTimers();
    expect(log).toEqual(['cork', 'send', 'uncork']);
    log.length = 0;
    batched.deliver(state('A', 1));
    batched.deliver(osd('B', 1));
    batched.deliver(state('B', 2));
    expect(log).toEqual(['cork', 'send', 'send', 'send']);
    vi.runOnlyPendingTimers();
    expect(log.slice(-1)).toEqual(['uncork']);
    batched.deliver(state('A', 3));
    expect(log.slice(-2)).toEqual(['cork', 'send']);
    batched.dispose();
  });

  it('drops an OSD still waiting when its device goes offline, so the console does not see it come back', () => {
    client.deliver(osd('A', 1));
    client.deliver(osd('A', 2)); // within the interval: waits
    client.deliver({ event: 'offline', data: { sn: 'A', kind: 'dock', reason: 'topology', at: 3 } });
    vi.advanceTimersByTime(1000);
    expect(socket.sent.map((frame) => frame.event)).toEqual(['osd', 'offline']);
    // back online later: its OSD flows again, at once
    client.deliver({ event: 'online', data: { sn: 'A', kind: 'dock', gatewaySn: null, at: 4 } });
    client.deliver(osd('A', 5));
    expect(socket.sent.map((frame) => frame.event)).toEqual(['osd', 'offline', 'online', 'osd']);
  });
});
