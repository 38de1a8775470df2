import { LIVE_ROOM_REFUSALS, type LiveFrame } from '@aos/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCache } from '../lib/cache.js';
import { LiveRooms } from './rooms.js';

const member = { tenantId: '000000', userId: '42', permissions: new Set(['realtime']) };

describe('LiveRooms', () => {
  const caches: MemoryCache[] = [];
  const cache = () => {
    const made = new MemoryCache();
    caches.push(made);
    return made;
  };
  afterEach(async () => {
    for (const made of caches.splice(0)) await made.close();
  });

  it('lets a member into its own tenant and user rooms only', async () => {
    const rooms = new LiveRooms(cache(), 'a');
    expect(rooms.homeRooms(member)).toEqual(['tenant:000000', 'user:42']);
    expect(await rooms.refusal(member, 'tenant:000000')).toBeNull();
    expect(await rooms.refusal(member, 'user:42')).toBeNull();
    expect(await rooms.refusal(member, 'tenant:800001')).toBe(LIVE_ROOM_REFUSALS.otherTenant);
    expect(await rooms.refusal(member, 'user:43')).toBe(LIVE_ROOM_REFUSALS.otherUser);
  });

  it('refuses bad names and kinds nobody declared, then follows the declared rule', async () => {
    const rooms = new LiveRooms(cache(), 'a');
    for (const bad of ['', 'task', 'task:', ':1', 'Task:1', 'task:a/b', `task:${'x'.repeat(129)}`]) {
      expect(await rooms.refusal(member, bad)).toBe(LIVE_ROOM_REFUSALS.badRoom);
    }
    expect(await rooms.refusal(member, 'probe:7')).toBe(LIVE_ROOM_REFUSALS.unknownKind);
    const asked: string[] = [];
    rooms.define('probe', async (who, id) => {
      asked.push(`${who.userId}/${id}`);
      if (id === 'other') return LIVE_ROOM_REFUSALS.otherTenant;
      return id === '7';
    });
    expect(await rooms.refusal(member, 'probe:7')).toBeNull();
    expect(await rooms.refusal(member, 'probe:8')).toBe(LIVE_ROOM_REFUSALS.forbidden);
    expect(await rooms.refusal(member, 'probe:other')).toBe(LIVE_ROOM_REFUSALS.otherTenant);
    expect(asked).toEqual(['42/7', '42/8', '42/other']);
    expect(() => rooms.define('probe', () => true)).toThrow(/defined twice/);
    expect(() => rooms.define('tenant', () => true)).toThrow(/defined twice/);
    expect(() => rooms.define('Bad Kind', () => true)).toThrow(/bad room kind/);
  });

  it('publishes to the listeners here at once and to the other instances once, through the cache', async () => {
    const shared = cache();
    const one = new LiveRooms(shared, 'one');
    const two = new LiveRooms(shared, 'two');
    await one.start();
    await two.start();
    const heard: Record<string, Array<[string, LiveFrame]>> = { one: [], two: [] };
    one.subscribe((room, frame) => heard.one!.push([room, frame]));
    two.subscribe((room, frame) => heard.two!.push([room, frame]));
    await one.publish('user:42', 'pong', { serverTime: 5 });
    const frame = { event: 'pong', data: { serverTime: 5 }, room: 'user:42' };
    expect(heard.one).toEqual([['user:42', frame]]);
    expect(heard.two).toEqual([['user:42', frame]]);
    await expect(one.publish('nonsense', 'pong', { serverTime: 1 })).rejects.toThrow(/bad room/);
    await shared.publish('live:room', 'not json');
    await shared.publish('live:room', JSON.stringify({ origin: 'x', frame: { event: 'pong', room: 'no' } }));
    expect(two.malformed).toBe(2);
    expect(heard.two).toHaveLength(1);
  });
});
