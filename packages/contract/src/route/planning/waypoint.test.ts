import { describe, expect, it } from 'vitest';
import { translate } from '../../messages.js';
import { TURN_ALLOWANCE_S, WAYPOINT_LIMIT } from './common.js';
import { type Enu, localPlane } from './geo.js';
import { planWaypoints, WaypointRouteInput } from './waypoint.js';

const plane = localPlane([116.4, 39.9]);
const at = (point: Enu) => plane.toLonLat(point);

const plan = (input: Record<string, unknown>) => {
  const result = planWaypoints(WaypointRouteInput.parse(input));
  if (!result.ok) throw new Error(`refused: ${result.error.key}`);
  return result.plan;
};
const issues = (input: Record<string, unknown>) => {
  const parsed = WaypointRouteInput.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('waypoint planner', () => {
  it('applies the defaults and lets each point override them', () => {
    const { waypoints } = plan({
      defaults: { heightM: 80, speedMS: 8, gimbalPitchDeg: -45, headingMode: 'fixed', headingDeg: 90 },
      waypoints: [
        { position: at([0, 0]) },
        {
          position: at([100, 0]),
          heightM: 120,
          speedMS: 4,
          headingMode: 'followWayline',
          turnMode: 'coordinateTurn',
        },
      ],
    });
    expect(waypoints[0]).toMatchObject({
      heightM: 80,
      speedMS: 8,
      gimbalPitchDeg: -45,
      headingMode: 'fixed',
      headingDeg: 90,
      turnMode: 'toPointAndStopWithDiscontinuityCurvature',
      actions: [],
    });
    expect(waypoints[1]).toMatchObject({
      heightM: 120,
      speedMS: 4,
      headingMode: 'followWayline',
      turnMode: 'coordinateTurn',
    });
    expect(waypoints[1]!.headingDeg).toBeUndefined();
  });

  it('times a straight route with hovers and counts its photos', () => {
    const { figures } = plan({
      defaults: { speedMS: 5 },
      waypoints: [
        { position: at([0, 0]), actions: [{ type: 'takePhoto' }, { type: 'startRecord' }] },
        { position: at([100, 0]), actions: [{ type: 'hover', hoverTimeS: 10 }, { type: 'takePhoto' }] },
        { position: at([200, 0]), actions: [{ type: 'stopRecord' }, { type: 'takePhoto' }] },
      ],
    });
    // 200 m at 5 m/s = 40 s, plus 10 s hover; no turn on a straight line
    expect(figures.lengthM).toBeCloseTo(200, 1);
    expect(figures.turnCount).toBe(0);
    expect(figures.durationS).toBeCloseTo(50, 1);
    expect(figures.photoCount).toBe(3);
    expect(figures.waypointCount).toBe(3);
  });

  it('adds the turn allowance at corners and the climb to the length, at each leg’s own speed', () => {
    const { figures } = plan({
      defaults: { speedMS: 10, heightM: 100 },
      waypoints: [
        { position: at([0, 0]) },
        { position: at([300, 0]), speedMS: 5, heightM: 140 },
        { position: at([300, 400]), heightM: 140, actions: [{ type: 'hover', hoverTimeS: 30 }] },
      ],
    });
    // leg 1: √(300² + 40²) = 302.65 m at 10 m/s; leg 2: 400 m at 5 m/s (the speed of the point it leaves)
    expect(figures.lengthM).toBeCloseTo(Math.hypot(300, 40) + 400, 1);
    expect(figures.turnCount).toBe(1);
    expect(figures.durationS).toBeCloseTo(Math.hypot(300, 40) / 10 + 400 / 5 + 30 + TURN_ALLOWANCE_S, 1);
  });

  it('accepts every WPML action it knows and refuses others', () => {
    const actions = [
      { type: 'takePhoto' },
      { type: 'startRecord' },
      { type: 'stopRecord' },
      { type: 'hover', hoverTimeS: 5 },
      { type: 'rotateYaw', headingDeg: -90, direction: 'counterClockwise' },
      { type: 'gimbalRotate', pitchDeg: -30, yawDeg: 10 },
      { type: 'zoom', focalLengthMm: 48 },
    ];
    const { waypoints } = plan({ waypoints: [{ position: at([0, 0]), actions }, { position: at([10, 0]) }] });
    expect(waypoints[0]!.actions.map((action) => action.type)).toEqual([
      'takePhoto',
      'startRecord',
      'stopRecord',
      'hover',
      'rotateYaw',
      'gimbalRotate',
      'zoom',
    ]);
    const two = (actions: unknown[]) => ({
      waypoints: [{ position: at([0, 0]), actions }, { position: at([10, 0]) }],
    });
    expect(issues(two([{ type: 'panoShot' }]))).toEqual(['waypoints.0.actions.0.type: route.action']);
    expect(issues(two([{ type: 'hover', hoverTimeS: -1 }]))).toEqual([
      'waypoints.0.actions.0.hoverTimeS: route.hoverTime',
    ]);
    expect(issues(two([{ type: 'gimbalRotate', pitchDeg: -91 }]))).toEqual([
      'waypoints.0.actions.0.pitchDeg: route.gimbalPitch',
    ]);
    expect(issues(two([{ type: 'gimbalRotate' }]))).toEqual([
      'waypoints.0.actions.0.pitchDeg: route.gimbalPitch',
    ]);
  });

  it('checks heights against the height mode and refuses short and oversized routes', () => {
    const route = (heightMode: string, heightM: number) => ({
      heightMode,
      waypoints: [{ position: at([0, 0]) }, { position: at([10, 0]), heightM }],
    });
    expect(issues(route('relativeToStartPoint', -20))).toEqual([]);
    expect(issues(route('realTimeFollowSurface', -20))).toEqual(['waypoints.1.heightM: route.heightFollow']);
    expect(issues(route('WGS84', 4500))).toEqual([]);
    expect(issues(route('WGS84', 9500))).toEqual(['waypoints.1.heightM: route.heightEllipsoid']);
    expect(issues({ ...route('relativeToStartPoint', 0), defaults: { heightM: 2000 } })).toEqual([
      'defaults.heightM: route.heightRelative',
    ]);
    expect(issues(route('EGM96', 100))).toEqual(['heightMode: route.heightMode']);
    expect(
      issues({
        waypoints: [{ position: at([0, 0]), headingMode: 'smoothTransition' }, { position: at([10, 0]) }],
      }),
    ).toEqual(['waypoints.0.headingDeg: route.heading']);
    const parsed = WaypointRouteInput.safeParse(route('realTimeFollowSurface', 5));
    expect(translate('en-US', parsed.error!.issues[0]!.message)).toBe(
      'the height above the terrain must be between 10 and 1,500 m',
    );
    expect(issues({ waypoints: [{ position: at([0, 0]) }] })).toEqual(['waypoints: route.waypointMin']);
    const many = Array.from({ length: WAYPOINT_LIMIT + 1 }, () => ({ position: at([0, 0]) }));
    expect(issues({ waypoints: many })).toEqual(['waypoints: route.tooManyWaypoints']);
  });
});
