import { z } from 'zod';
import { Position } from '../../gis/geometry.js';
import { num } from '../../common/schemas.js';
import {
  checkWaypointCount,
  GimbalPitch,
  Heading,
  HEADING_MODES,
  HEIGHT_MODES,
  HEIGHT_RANGE,
  HOVER_MAX_S,
  type PlannedWaypoint,
  type PlanResult,
  type RouteFigures,
  routeFigures,
  Speed,
  TURN_MODES,
  WAYPOINT_LIMIT,
  ZOOM_RANGE,
} from './common.js';

/**
 * Waypoint route (spec "waypoint", WPML `waypoint`): global defaults, per-point overrides and actions named as
 * WPML's `actionActuatorFunc` names them.
 */

const Height = num(z.number({ message: 'route.heightRelative' }), { ownMessage: true });

const hoverTime = num(
  z.number({ message: 'route.hoverTime' }).min(0, { message: 'route.hoverTime' }).max(HOVER_MAX_S, {
    message: 'route.hoverTime',
  }),
  { ownMessage: true },
);
const focalLength = num(
  z
    .number({ message: 'route.focalLength' })
    .min(ZOOM_RANGE.min, { message: 'route.focalLength' })
    .max(ZOOM_RANGE.max, { message: 'route.focalLength' }),
  { ownMessage: true },
);

export const WaypointActionInput = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('takePhoto') }),
    z.object({ type: z.literal('startRecord') }),
    z.object({ type: z.literal('stopRecord') }),
    z.object({ type: z.literal('hover'), hoverTimeS: hoverTime }),
    z.object({
      type: z.literal('rotateYaw'),
      headingDeg: Heading,
      direction: z.enum(['clockwise', 'counterClockwise'], { message: 'route.action' }).default('clockwise'),
    }),
    z
      .object({
        type: z.literal('gimbalRotate'),
        pitchDeg: GimbalPitch.optional(),
        yawDeg: Heading.optional(),
      })
      .refine((action) => action.pitchDeg !== undefined || action.yawDeg !== undefined, {
        message: 'route.gimbalPitch',
        path: ['pitchDeg'],
      }),
    z.object({ type: z.literal('zoom'), focalLengthMm: focalLength }),
  ],
  { message: 'route.action' },
);

const headingMode = z.enum(HEADING_MODES, { message: 'route.action' });
const turnMode = z.enum(TURN_MODES, { message: 'route.action' });

export const WaypointDefaults = z.object({
  heightM: Height.default(100),
  speedMS: Speed.default(10),
  headingMode: headingMode.default('followWayline'),
  headingDeg: Heading.optional(),
  gimbalPitchDeg: GimbalPitch.default(-90),
  turnMode: turnMode.default('toPointAndStopWithDiscontinuityCurvature'),
});

export const WaypointInput = z.object({
  position: Position,
  heightM: Height.optional(),
  speedMS: Speed.optional(),
  headingMode: headingMode.optional(),
  headingDeg: Heading.optional(),
  gimbalPitchDeg: GimbalPitch.optional(),
  turnMode: turnMode.optional(),
  actions: z.array(WaypointActionInput).max(100, { message: 'route.action' }).default([]),
});

/** A waypoint route's parameters; every height is checked against the range of the route's height mode. */
export const WaypointRouteInput = z
  .object({
    heightMode: z.enum(HEIGHT_MODES, { message: 'route.heightMode' }).default('relativeToStartPoint'),
    defaults: WaypointDefaults.default(WaypointDefaults.parse({})),
    waypoints: z
      .array(WaypointInput, { message: 'route.waypointMin' })
      .min(2, { message: 'route.waypointMin' })
      .max(WAYPOINT_LIMIT, { message: 'route.tooManyWaypoints' }),
  })
  .superRefine((route, context) => {
    const range = HEIGHT_RANGE[route.heightMode];
    const outside = (height: number) => height < range.min || height > range.max;
    const issue = (path: (string | number)[]) =>
      context.addIssue({ code: 'custom', message: range.key, path });
    if (outside(route.defaults.heightM)) issue(['defaults', 'heightM']);
    route.waypoints.forEach((point, index) => {
      if (point.heightM !== undefined && outside(point.heightM)) issue(['waypoints', index, 'heightM']);
      // a smooth transition turns towards a stated heading
      const mode = point.headingMode ?? route.defaults.headingMode;
      if (mode === 'smoothTransition' && (point.headingDeg ?? route.defaults.headingDeg) === undefined) {
        context.addIssue({
          code: 'custom',
          message: 'route.heading',
          path: ['waypoints', index, 'headingDeg'],
        });
      }
    });
  });
export type WaypointRouteInput = z.infer<typeof WaypointRouteInput>;

export interface WaypointPlan {
  waypoints: PlannedWaypoint[];
  figures: RouteFigures;
}

/** Resolve every waypoint against the defaults and state the route's figures. */
export function planWaypoints(input: WaypointRouteInput): PlanResult<WaypointPlan> {
  const tooMany = checkWaypointCount(input.waypoints.length);
  if (tooMany) return { ok: false, error: tooMany };
  const { defaults } = input;
  const waypoints: PlannedWaypoint[] = input.waypoints.map((point) => {
    const mode = point.headingMode ?? defaults.headingMode;
    const headingDeg = point.headingDeg ?? defaults.headingDeg;
    return {
      position: point.position,
      heightM: point.heightM ?? defaults.heightM,
      speedMS: point.speedMS ?? defaults.speedMS,
      headingMode: mode,
      ...((mode === 'fixed' || mode === 'smoothTransition') && headingDeg !== undefined
        ? { headingDeg }
        : {}),
      gimbalPitchDeg: point.gimbalPitchDeg ?? defaults.gimbalPitchDeg,
      turnMode: point.turnMode ?? defaults.turnMode,
      actions: point.actions,
    };
  });
  return { ok: true, plan: { waypoints, figures: routeFigures(waypoints) } };
}
