import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCtx } from '../../src/lib/context.js';
import type { AreaEntry } from '../../src/modules/gis/spatial/spatial.service.js';
import { createTestApp } from '../helper.js';

let app: FastifyInstance;
const A = '000000';
const B = '800015';
const ctx = (tenantId = A) => platformCtx(app.database.db, tenantId);

const square = (west: number, south: number, size: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ] as [number, number][],
  ],
});
const at = (text: string) => new Date(`${text}+08:00`);

beforeAll(async () => {
  app = await createTestApp();
  const entries: AreaEntry[] = [
    { kind: 'nofly', refId: '101', name: 'Tower', geometry: square(116.3, 39.9, 0.1) },
    {
      kind: 'nofly',
      refId: '102',
      name: 'Parade',
      geometry: { type: 'Circle', center: [116.6, 39.95], radius: 2000 },
      startTime: at('2026-12-01T08:00:00'),
      endTime: at('2026-12-01T12:00:00'),
    },
    { kind: 'fence', refId: '103', name: 'Works', geometry: square(116.2, 39.8, 0.5) },
    { kind: 'airspace', refId: '104', name: 'Survey', geometry: square(116.35, 39.9, 0.02), ceiling: 120 },
  ];
  await app.services.spatial.put(ctx(), entries);
  await app.services.spatial.put(ctx(B), [
    { kind: 'nofly', refId: '201', name: 'Theirs', geometry: square(116.3, 39.9, 0.1) },
  ]);
});
afterAll(async () => {
  await app?.close();
});

const names = (hits: { name: string }[]) => hits.map((hit) => hit.name).sort();

describe('the spatial index', () => {
  it('answers the areas a point touches, of this tenant only', async () => {
    const hits = await app.services.spatial.query(ctx(), {
      geometry: { type: 'Point', coordinates: [116.36, 39.91] },
      time: null,
    });
    expect(names(hits)).toEqual(['Survey', 'Tower', 'Works']);
    expect(hits.find((hit) => hit.name === 'Works')).toMatchObject({ effect: 'keepIn', within: true });
  });

  it('leaves out areas out of force at the time and above their ceiling', async () => {
    const route = {
      type: 'LineString' as const,
      coordinates: [
        [116.36, 39.91],
        [116.8, 39.95],
      ] as [number, number][],
    };
    const during = await app.services.spatial.query(ctx(), {
      geometry: route,
      time: at('2026-12-01T09:00:00'),
    });
    expect(names(during)).toEqual(['Parade', 'Survey', 'Tower', 'Works']);
    expect(during.find((hit) => hit.name === 'Works')?.within).toBe(false);
    const after = await app.services.spatial.query(ctx(), {
      geometry: route,
      time: at('2026-12-01T13:00:00'),
      height: 150,
    });
    expect(names(after)).toEqual(['Tower', 'Works']);
  });

  it('replaces an owner\u2019s area on a second put and forgets it on remove', async () => {
    await app.services.spatial.put(ctx(), [
      { kind: 'nofly', refId: '101', name: 'Tower moved', geometry: square(117, 39.9, 0.1) },
    ]);
    const point = { type: 'Point' as const, coordinates: [117.05, 39.95] as [number, number] };
    expect(names(await app.services.spatial.query(ctx(), { geometry: point, time: null }))).toEqual([
      'Tower moved',
    ]);
    await app.services.spatial.remove(ctx(), ['101']);
    expect(await app.services.spatial.query(ctx(), { geometry: point, time: null })).toEqual([]);
    // the other tenant's area with the same shape is still there
    const theirs = await app.services.spatial.query(ctx(B), {
      geometry: { type: 'Point', coordinates: [116.35, 39.95] },
      time: null,
    });
    expect(names(theirs)).toEqual(['Theirs']);
  });
});
