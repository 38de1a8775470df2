import { describe, expect, it } from 'vitest';
import { waylineStarts, waypointOf } from './task.progress.js';
import { TAKEOFF_AREA_M, takeoffCells } from './task.takeoff.js';

/** A point `metres` from (lon, lat) towards `bearing` degrees (a sphere is exact enough at 100 m). */
function moved(lon: number, lat: number, metres: number, bearing: number): [number, number] {
  const rad = Math.PI / 180;
  const dLat = (metres * Math.cos(bearing * rad)) / 111_320;
  const dLon = (metres * Math.sin(bearing * rad)) / (111_320 * Math.cos(lat * rad));
  return [((lon + dLon + 540) % 360) - 180, lat + dLat];
}

const shared = (a: number[], b: number[]) => a.some((cell) => b.includes(cell));

describe('take-off lock cells', () => {
  it('gives two docks within the take-off area at least one lock in common, at any latitude and bearing', () => {
    let seed = 17;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
    for (const lat of [-84.9, -60, -23.5, 0, 22.54, 45, 60, 80, 84.75, 84.79, 84.85, 89.9]) {
      for (let i = 0; i < 500; i++) {
        const lon = random() * 360 - 180;
        const from = [lon, lat + random() * 0.02] as const;
        const to = moved(from[0], from[1], random() * (TAKEOFF_AREA_M - 1), random() * 360);
        const a = takeoffCells(from[0], from[1]);
        const b = takeoffCells(to[0], to[1]);
        expect(shared(a, b), `${from.join()} → ${to.join()}`).toBe(true);
      }
    }
  });

  it('shares no lock between docks more than a kilometre apart, so they decide at once', () => {
    for (const lat of [0, 22.54, 60, 80]) {
      for (const bearing of [0, 45, 90, 180, 270]) {
        const [lon2, lat2] = moved(113.9, lat, 1_000, bearing);
        expect(shared(takeoffCells(113.9, lat), takeoffCells(lon2, lat2)), `${lat} ${bearing}`).toBe(false);
      }
    }
  });

  it('takes a few locks: the cells round the dock, never a whole row', () => {
    for (const lat of [0, 45, 80]) expect(takeoffCells(10, lat).length).toBeLessThanOrEqual(9);
  });

  it('answers distinct keys in ascending order as safe integers (the lock order, the bigint lock keys)', () => {
    for (const [lon, lat] of [
      [-180, -84.8],
      [179.999, 84.79],
      [113.93, 22.54],
      [0, 0],
    ] as const) {
      const cells = takeoffCells(lon, lat);
      expect(cells).toEqual([...cells].sort((x, y) => x - y));
      expect(new Set(cells).size).toBe(cells.length);
      for (const cell of cells) expect(Number.isSafeInteger(cell) && cell > 0).toBe(true);
    }
  });

  it('wraps at the antimeridian', () => {
    expect(shared(takeoffCells(179.9995, 10), takeoffCells(-179.9995, 10))).toBe(true);
  });
});

describe('the route-wide waypoint of a progress event', () => {
  // an oblique route: a nadir wayline and four oblique passes, numbered as the file numbers them
  const sizes = [12, 5, 5, 7, 5];
  const file = {
    waylines: sizes.map((n, waylineId) => ({ waylineId, placemarks: Array.from({ length: n }) })),
  } as unknown as Parameters<typeof waylineStarts>[0];
  const starts = waylineStarts(file);

  it('starts each wayline after the waypoints of those before it', () => {
    expect(starts).toEqual({ '0': 0, '1': 12, '2': 17, '3': 22, '4': 29 });
  });

  it('adds the wayline’s start to the index within it, and keeps the last one when an event has none', () => {
    const execution = { waylineStarts: starts, waypointIndex: 7 };
    expect(waypointOf(execution, 0, 3)).toBe(3);
    expect(waypointOf(execution, 3, 2)).toBe(24);
    expect(waypointOf(execution, undefined, 4)).toBe(4);
    expect(waypointOf(execution, 2, undefined)).toBe(7);
    // a flight prepared before the starts were kept: the index as the dock says it
    expect(waypointOf({ waylineStarts: null, waypointIndex: null }, 3, 2)).toBe(2);
  });
});
