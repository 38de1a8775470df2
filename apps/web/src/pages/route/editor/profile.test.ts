import { haversineM } from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { profileOf, profilePolylines, profileScale, ticks } from './profile';

describe('height profile', () => {
  const line = [
    { position: [114, 22.5] as [number, number], heightM: 50 },
    { position: [114.001, 22.5] as [number, number], heightM: 100 },
    { position: [114.002, 22.5] as [number, number], heightM: 80 },
  ];

  it('puts each waypoint at its distance along the route, passes one after the other', () => {
    const profile = profileOf([line, line]);
    const leg = haversineM([114, 22.5], [114.001, 22.5]);
    expect(profile.points.map((point) => Math.round(point.distanceM))).toEqual(
      [0, leg, 2 * leg, 2 * leg, 3 * leg, 4 * leg].map(Math.round),
    );
    expect(profile.points[3]).toMatchObject({ wayline: 1, index: 0, heightM: 50 });
    expect(profile).toMatchObject({ minHeightM: 50, maxHeightM: 100 });
    expect(profileOf([])).toEqual({ points: [], lengthM: 0, minHeightM: 0, maxHeightM: 0 });
  });

  it('scales into the box with the reference heights, and reads a height back from a y', () => {
    const profile = profileOf([line]);
    const scale = profileScale(profile, 400, 200, [120], 20);
    expect(scale.low).toBe(0);
    expect(scale.high).toBeGreaterThan(120);
    expect(scale.x(0)).toBe(20);
    expect(scale.x(profile.lengthM)).toBeCloseTo(380);
    expect(scale.y(scale.low)).toBeCloseTo(180);
    expect(scale.heightAt(scale.y(73))).toBeCloseTo(73);
    expect(scale.y(100)).toBeLessThan(scale.y(50));
    const [polyline] = profilePolylines(profile, scale);
    expect(polyline!.split(' ')).toHaveLength(3);
    expect(polyline!.startsWith('20.0,')).toBe(true);
  });

  it('gives round ticks', () => {
    expect(ticks(0, 130)).toEqual([0, 50, 100]);
    expect(ticks(0, 10, 5)).toEqual([0, 2, 4, 6, 8, 10]);
  });
});
