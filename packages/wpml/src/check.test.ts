import {
  placemarkSchema,
  waylineFileSchema,
  waylineSchema,
  type WaylineFile,
  type WplPlacemark,
} from '@aos/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileCheck } from './check.js';

const placemark: WplPlacemark = {
  position: [116.3, 39.9],
  index: 0,
  executeHeight: 80,
  height: 80,
  waypointSpeed: 8,
  waypointHeadingParam: { waypointHeadingMode: 'followWayline', waypointHeadingAngle: 0 },
  waypointTurnParam: { waypointTurnMode: 'coordinateTurn', waypointTurnDampingDist: 0.2 },
  useStraightLine: true,
  gimbalPitchAngle: -90,
  actionGroups: [
    {
      actionGroupId: 0,
      actionGroupStartIndex: 0,
      actionGroupEndIndex: 0,
      actionGroupMode: 'sequence',
      actionTrigger: { actionTriggerType: 'reachPoint' },
      actions: [{ actionId: 0, actionActuatorFunc: 'takePhoto', params: [['payloadPositionIndex', '0']] }],
    },
  ],
  isRisky: false,
};

const file: WaylineFile = {
  wpmlVersion: '1.0.6',
  author: 'a',
  missionConfig: {
    flyToWaylineMode: 'safely',
    finishAction: 'goHome',
    exitOnRCLost: 'goContinue',
    globalTransitionalSpeed: 10,
    droneInfo: { droneEnumValue: 91, droneSubEnumValue: 1, modelId: null },
    payloadInfo: [{ payloadEnumValue: 81, payloadPositionIndex: 0, modelId: null }],
  },
  template: {
    templateType: 'waypoint',
    templateId: 0,
    waylineCoordinateSysParam: { coordinateMode: 'WGS84', heightMode: 'EGM96' },
    autoFlightSpeed: 8,
    placemarks: [placemark],
  },
  waylines: [
    {
      templateId: 0,
      waylineId: 0,
      executeHeightMode: 'WGS84',
      autoFlightSpeed: 8,
      placemarks: [placemark, { ...placemark, index: 1 }],
    },
  ],
  resources: [],
};

/** `value` with `path` set to `to` (a copy; `undefined` deletes the key). */
function withValue(value: unknown, path: (string | number)[], to: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (to === undefined) delete at[last];
  else at[last] = to;
  return copy;
}

/** Every path to a leaf of `value`. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => leaves((value as Record<string | number, unknown>)[key], [...path, key]));
}

/** Values at and beyond the bounds the schemas have, and of the wrong kinds. */
const PROBES: unknown[] = [
  undefined,
  null,
  -Infinity,
  -1e9,
  -181,
  -180,
  -120.5,
  -120,
  -90.5,
  -90,
  -1,
  -0.5,
  0,
  0.5,
  1,
  1.2,
  1.1,
  29.5,
  30,
  30.5,
  45,
  45.5,
  90,
  91,
  180,
  181,
  360,
  361,
  1500,
  1501,
  65_535,
  2 ** 53,
  NaN,
  Infinity,
  '',
  'x',
  '1.0.6',
  '2.0.0',
  'followWayline',
  'bogus',
  true,
  false,
  [],
  {},
];

describe('the compiled check agrees with zod', () => {
  const check = compileCheck(waylineFileSchema);

  it('passes a valid model that zod gives back equal', () => {
    expect(waylineFileSchema.parse(file)).toEqual(file);
    expect(check(file)).toBe(true);
  });

  it('never passes a value zod refuses or would change: every leaf of a model set to every probe', () => {
    let passed = 0;
    let refused = 0;
    for (const path of leaves(file)) {
      for (const probe of PROBES) {
        const value = withValue(file, path, probe);
        if (!check(value)) {
          refused++;
          continue;
        }
        passed++;
        const zod = waylineFileSchema.safeParse(value);
        expect(zod.success, `${path.join('/')} = ${String(probe)}`).toBe(true);
        expect(zod.data, `${path.join('/')} = ${String(probe)}`).toEqual(value);
      }
    }
    // both answers are exercised
    expect(passed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(1000);
  });

  it('refuses what zod would change (a default to fill, a key to strip) so that zod does it', () => {
    const { actionGroups: _, ...noGroups } = placemark;
    expect(placemarkSchema.parse(noGroups).actionGroups).toEqual([]);
    expect(compileCheck(placemarkSchema)(noGroups)).toBe(false);
    expect(compileCheck(placemarkSchema)({ ...placemark, extra: 1 })).toBe(false);
    expect(compileCheck(placemarkSchema)(placemark)).toBe(true);
  });

  it('holds the array bounds: 65,535 placemarks a wayline', () => {
    const line = file.waylines[0]!;
    const many = { ...line, placemarks: Array.from({ length: 65_536 }, () => placemark) };
    expect(waylineSchema.safeParse(many).success).toBe(false);
    expect(compileCheck(waylineSchema)(many)).toBe(false);
    expect(compileCheck(waylineSchema)({ ...many, placemarks: many.placemarks.slice(1) })).toBe(true);
  });

  it('hands what it does not compile to zod at that leaf: regexes, refinements, unions, exclusive bounds', () => {
    const version = compileCheck(waylineFileSchema.shape.wpmlVersion);
    expect([version('1.0.6'), version('1.0.x'), version(106)]).toEqual([true, false, false]);
    const even = compileCheck(z.number().refine((n) => n % 2 === 0));
    expect([even(2), even(3)]).toEqual([true, false]);
    const either = compileCheck(z.union([z.string(), z.number()]));
    expect([either('a'), either(1), either(true)]).toEqual([true, true, false]);
    const positive = compileCheck(z.number().positive().lt(10));
    expect([positive(0), positive(0.1), positive(9.9), positive(10)]).toEqual([false, true, true, false]);
    const trimmed = compileCheck(z.string().trim());
    expect([trimmed('a'), trimmed(' a')]).toEqual([true, false]);
  });
});
