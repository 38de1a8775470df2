import { z } from 'zod';
import { DEVICE_MODELS } from '../fleet/device-models.js';
import { num } from '../common/schemas.js';
import { cameraById, cameraForPayloadEnum, cameraForRoute } from './camera.js';
import { AreaRouteInput, planArea } from './planning/area.js';
import {
  HEADING_MODES,
  type HeadingMode,
  type HeightMode,
  type PlannedWaypoint,
  type PlanResult,
  type RouteFigures,
  Speed,
  TURN_MODES,
  type TurnMode,
  type WaypointAction,
} from './planning/common.js';
import { ObliqueRouteInput, planOblique } from './planning/oblique.js';
import { planStrip, StripRouteInput } from './planning/strip.js';
import { planWaypoints, WaypointDefaults, WaypointRouteInput } from './planning/waypoint.js';
import {
  type ActionGroup,
  type HeadingParam,
  type MissionConfig,
  WPML_EXIT_ON_RC_LOST,
  WPML_FINISH_ACTIONS,
  WPML_FLY_TO_WAYLINE_MODES,
  WPML_RC_LOST_ACTIONS,
  type WaylineFile,
  type WaylineTemplate,
  type WplAction,
  type WplPlacemark,
  type WpmlTemplateType,
  wpmlVersionFor,
  waylineFigures,
} from './wayline.js';

/**
 * A route's design: what the editor edits and the server stores beside the KMZ. One of the four planners'
 * inputs (`kind` + `params`) and the mission settings every DJI route carries (`missionConfig`). The server
 * plans it again (`planDesign`) and writes the KMZ from the plan (`waylineFileOf`); an imported KMZ is turned
 * back into a design (`designOfWayline`) so it can be edited, or kept as its file alone when it cannot.
 */

export const ROUTE_KINDS = ['waypoint', 'area', 'oblique', 'strip'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

/** Spec §3 Route type (dictionary `route_type`: 1 waypoint, 2 planar, 3 banded) of each planner. */
export const ROUTE_TYPE_OF_KIND: Record<RouteKind, 1 | 2 | 3> = {
  waypoint: 1,
  area: 2,
  oblique: 2,
  strip: 3,
};

/** WPML template type of each planner. */
export const TEMPLATE_OF_KIND: Record<RouteKind, WpmlTemplateType> = {
  waypoint: 'waypoint',
  area: 'mapping2d',
  oblique: 'mapping3d',
  strip: 'mappingStrip',
};

/** The aircraft models of the catalogue (domain 0, DJI's aircraft) a route can be written for. */
export const ROUTE_AIRCRAFT = DEVICE_MODELS.filter((model) => model.domain === 0 && model.type < 60000);
/** The payload models of the catalogue (domain 1). */
export const ROUTE_PAYLOADS = DEVICE_MODELS.filter((model) => model.domain === 1);

export const AircraftModelId = z
  .string({ message: 'route.aircraft' })
  .refine((id) => ROUTE_AIRCRAFT.some((model) => model.id === id), { message: 'route.aircraft' });
export const PayloadModelId = z
  .string({ message: 'route.payload' })
  .refine((id) => ROUTE_PAYLOADS.some((model) => model.id === id), { message: 'route.payload' });

const SecurityHeight = num(
  z
    .number({ message: 'route.securityHeight' })
    .min(8, { message: 'route.securityHeight' })
    .max(1500, { message: 'route.securityHeight' }),
  { ownMessage: true },
);
const RthHeight = num(
  z
    .number({ message: 'route.rthHeight' })
    .min(20, { message: 'route.rthHeight' })
    .max(1500, { message: 'route.rthHeight' }),
  { ownMessage: true },
);

/**
 * What WPML's `missionConfig` says of the flight as a whole: how the aircraft reaches the first waypoint, what
 * it does at the end and when the controller's signal is lost, the climb before it sets off, the transit
 * speed, the return height. Defaults are DJI Pilot 2's.
 */
export const RouteMission = z.object({
  flyToWaylineMode: z.enum(WPML_FLY_TO_WAYLINE_MODES, { message: 'route.mission' }).default('safely'),
  finishAction: z.enum(WPML_FINISH_ACTIONS, { message: 'route.mission' }).default('goHome'),
  exitOnRCLost: z.enum(WPML_EXIT_ON_RC_LOST, { message: 'route.mission' }).default('executeLostAction'),
  executeRCLostAction: z.enum(WPML_RC_LOST_ACTIONS, { message: 'route.mission' }).default('goBack'),
  takeOffSecurityHeightM: SecurityHeight.default(20),
  transitionalSpeedMS: Speed.default(10),
  rthHeightM: RthHeight.default(100),
});
export type RouteMission = z.infer<typeof RouteMission>;

const mission = RouteMission.default(RouteMission.parse({}));

export const RouteDesign = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('waypoint'), params: WaypointRouteInput, mission }),
    z.object({ kind: z.literal('area'), params: AreaRouteInput, mission }),
    z.object({ kind: z.literal('oblique'), params: ObliqueRouteInput, mission }),
    z.object({ kind: z.literal('strip'), params: StripRouteInput, mission }),
  ],
  { message: 'route.kind' },
);
export type RouteDesign = z.infer<typeof RouteDesign>;
/** A design as the editor holds it before parsing (defaults not yet filled in). */
export type RouteDesignInput = z.input<typeof RouteDesign>;

/** A planned route: its waylines (one per pass; one for every kind but oblique) and its figures. */
export interface DesignPlan {
  kind: RouteKind;
  heightMode: HeightMode;
  waylines: PlannedWaypoint[][];
  figures: RouteFigures & {
    areaM2?: number;
    heightM?: number;
    gsdCm?: number;
    lineSpacingM?: number;
    photoIntervalM?: number;
    photoIntervalS?: number;
    lineCount?: number;
    centreLengthM?: number;
  };
}

/** Plan a parsed design with its planner. */
export function planDesign(design: RouteDesign): PlanResult<DesignPlan> {
  switch (design.kind) {
    case 'waypoint': {
      const result = planWaypoints(design.params);
      if (!result.ok) return result;
      const { waypoints, figures } = result.plan;
      return {
        ok: true,
        plan: { kind: 'waypoint', heightMode: design.params.heightMode, waylines: [waypoints], figures },
      };
    }
    case 'area': {
      const result = planArea(design.params);
      if (!result.ok) return result;
      const { waypoints, figures } = result.plan;
      return {
        ok: true,
        plan: { kind: 'area', heightMode: design.params.heightMode, waylines: [waypoints], figures },
      };
    }
    case 'oblique': {
      const result = planOblique(design.params);
      if (!result.ok) return result;
      const { passes, figures } = result.plan;
      return {
        ok: true,
        plan: {
          kind: 'oblique',
          heightMode: design.params.heightMode,
          waylines: passes.map((pass) => pass.waypoints),
          figures,
        },
      };
    }
    case 'strip': {
      const result = planStrip(design.params);
      if (!result.ok) return result;
      const { waypoints, figures } = result.plan;
      return {
        ok: true,
        plan: { kind: 'strip', heightMode: design.params.heightMode, waylines: [waypoints], figures },
      };
    }
  }
}

// ---------------------------------------------------------------------------------------- design → WPML

export interface WriteTarget {
  /** aircraft model of the catalogue (spec §3 Route "aircraft model") */
  aircraftModelId: string;
  /** payload model of the catalogue (spec §3 Route "pod type"), when the route names one */
  payloadModelId?: string | null | undefined;
  /** WPML createTime / updateTime, ms since the epoch */
  now?: number | undefined;
  author?: string | undefined;
}

const round = (value: number, digits = 6) => Number(value.toFixed(digits));

/** The payload WPML names: the route's payload, or for a mapping route the camera it plans with. */
function payloadEnum(
  design: RouteDesign,
  target: WriteTarget,
): { type: number; subType: number } | undefined {
  const payload = ROUTE_PAYLOADS.find((model) => model.id === target.payloadModelId);
  if (payload) return { type: payload.type, subType: payload.subType };
  const camera =
    design.kind === 'waypoint'
      ? cameraForRoute(target.aircraftModelId, null)
      : cameraById(design.params.cameraId);
  return camera ? { type: camera.payloadEnumValue, subType: 0 } : undefined;
}

function missionConfigOf(design: RouteDesign, target: WriteTarget): MissionConfig {
  const aircraft = ROUTE_AIRCRAFT.find((model) => model.id === target.aircraftModelId);
  if (!aircraft) throw new RangeError(`not an aircraft of the catalogue: ${target.aircraftModelId}`);
  const payload = payloadEnum(design, target);
  const { mission: settings } = design;
  return {
    flyToWaylineMode: settings.flyToWaylineMode,
    finishAction: settings.finishAction,
    exitOnRCLost: settings.exitOnRCLost,
    executeRCLostAction:
      settings.exitOnRCLost === 'executeLostAction' ? settings.executeRCLostAction : undefined,
    takeOffSecurityHeight: settings.takeOffSecurityHeightM,
    globalTransitionalSpeed: settings.transitionalSpeedMS,
    globalRTHHeight: settings.rthHeightM,
    droneInfo: { droneEnumValue: aircraft.type, droneSubEnumValue: aircraft.subType, modelId: aircraft.id },
    payloadInfo: payload
      ? [
          {
            payloadEnumValue: payload.type,
            payloadSubEnumValue: payload.subType,
            payloadPositionIndex: 0,
            modelId: target.payloadModelId ?? null,
          },
        ]
      : [],
  };
}

/** A planner's height mode as WPML writes it: in the template, and in the executable waylines. */
function heightModes(mode: HeightMode) {
  switch (mode) {
    case 'WGS84':
      return { template: 'EGM96', execute: 'WGS84' } as const;
    case 'realTimeFollowSurface':
      return { template: 'realTimeFollowSurface', execute: 'realTimeFollowSurface' } as const;
    default:
      return { template: 'relativeToStartPoint', execute: 'relativeToStartPoint' } as const;
  }
}

function headingParam(point: PlannedWaypoint): HeadingParam {
  const angle = point.headingMode === 'fixed' || point.headingMode === 'smoothTransition';
  return {
    waypointHeadingMode: point.headingMode,
    waypointHeadingAngle: angle ? (point.headingDeg ?? 0) : 0,
    waypointHeadingAngleEnable: angle,
    waypointHeadingPathMode: 'followBadArc',
    waypointPoiPoint: '0.000000,0.000000,0.000000',
  };
}

/** A planner's waypoint action as a WPML action (DJI's actuator function names and parameters). */
function wpmlAction(action: WaypointAction, actionId: number): WplAction {
  const payload: [string, string] = ['payloadPositionIndex', '0'];
  switch (action.type) {
    case 'takePhoto':
      return {
        actionId,
        actionActuatorFunc: 'takePhoto',
        params: [payload, ['useGlobalPayloadLensIndex', '1']],
      };
    case 'startRecord':
      return {
        actionId,
        actionActuatorFunc: 'startRecord',
        params: [payload, ['useGlobalPayloadLensIndex', '1']],
      };
    case 'stopRecord':
      return { actionId, actionActuatorFunc: 'stopRecord', params: [payload] };
    case 'hover':
      return { actionId, actionActuatorFunc: 'hover', params: [['hoverTime', String(action.hoverTimeS)]] };
    case 'rotateYaw':
      return {
        actionId,
        actionActuatorFunc: 'rotateYaw',
        params: [
          ['aircraftHeading', String(action.headingDeg)],
          ['aircraftPathMode', action.direction],
        ],
      };
    case 'gimbalRotate':
      return {
        actionId,
        actionActuatorFunc: 'gimbalRotate',
        params: [
          ['gimbalHeadingYawBase', 'north'],
          ['gimbalRotateMode', 'absoluteAngle'],
          ['gimbalPitchRotateEnable', action.pitchDeg === undefined ? '0' : '1'],
          ['gimbalPitchRotateAngle', String(action.pitchDeg ?? 0)],
          ['gimbalRollRotateEnable', '0'],
          ['gimbalRollRotateAngle', '0'],
          ['gimbalYawRotateEnable', action.yawDeg === undefined ? '0' : '1'],
          ['gimbalYawRotateAngle', String(action.yawDeg ?? 0)],
          ['gimbalRotateTimeEnable', '0'],
          ['gimbalRotateTime', '0'],
          payload,
        ],
      };
    case 'zoom':
      return {
        actionId,
        actionActuatorFunc: 'zoom',
        params: [['focalLength', String(action.focalLengthMm)], payload],
      };
  }
}

/**
 * The action groups of one wayline: each waypoint's actions in one `reachPoint` group, and each run of legs
 * shot every N metres in one `multipleDistance` group taking a photo (how DJI's mapping routes shoot).
 */
function actionGroupsOf(points: readonly PlannedWaypoint[]): ActionGroup[][] {
  const groups: ActionGroup[][] = points.map(() => []);
  let groupId = 0;
  let actionId = 0;
  points.forEach((point, index) => {
    if (point.actions.length > 0) {
      groups[index]!.push({
        actionGroupId: groupId++,
        actionGroupStartIndex: index,
        actionGroupEndIndex: index,
        actionGroupMode: 'sequence',
        actionTrigger: { actionTriggerType: 'reachPoint' },
        actions: point.actions.map((action) => wpmlAction(action, actionId++)),
      });
    }
    const shoot = point.shootEveryM;
    if (shoot && (index === 0 || points[index - 1]!.shootEveryM !== shoot)) {
      let end = index;
      while (end + 1 < points.length && points[end + 1]!.shootEveryM === shoot) end++;
      groups[index]!.push({
        actionGroupId: groupId++,
        actionGroupStartIndex: index,
        actionGroupEndIndex: Math.min(end + 1, points.length - 1),
        actionGroupMode: 'sequence',
        actionTrigger: { actionTriggerType: 'multipleDistance', actionTriggerParam: round(shoot, 2) },
        actions: [wpmlAction({ type: 'takePhoto' }, actionId++)],
      });
    }
  });
  return groups;
}

function placemarkOf(point: PlannedWaypoint, index: number, groups: ActionGroup[]): WplPlacemark {
  return {
    position: [round(point.position[0], 8), round(point.position[1], 8)],
    index,
    executeHeight: round(point.heightM, 3),
    waypointSpeed: point.speedMS,
    waypointHeadingParam: headingParam(point),
    waypointTurnParam: { waypointTurnMode: point.turnMode, waypointTurnDampingDist: 0 },
    useStraightLine: true,
    gimbalPitchAngle: point.gimbalPitchDeg,
    actionGroups: groups,
  };
}

function templateOf(design: RouteDesign, plan: DesignPlan, speed: number): WaylineTemplate {
  const modes = heightModes(plan.heightMode);
  const base = {
    templateType: TEMPLATE_OF_KIND[design.kind],
    templateId: 0,
    waylineCoordinateSysParam: {
      coordinateMode: 'WGS84' as const,
      heightMode: modes.template,
      positioningType: 'GPS' as const,
    },
    autoFlightSpeed: speed,
  };
  if (design.kind === 'waypoint') {
    const { defaults, waypoints } = design.params;
    const planned = plan.waylines[0]!;
    const groups = actionGroupsOf(planned);
    return {
      ...base,
      globalHeight: defaults.heightM,
      globalWaypointHeadingParam: headingParam({
        ...planned[0]!,
        headingMode: defaults.headingMode,
        headingDeg: defaults.headingDeg,
      }),
      globalWaypointTurnMode: defaults.turnMode,
      globalUseStraightLine: true,
      gimbalPitchMode: 'usePointSetting',
      placemarks: planned.map((point, index) => {
        const input = waypoints[index]!;
        return {
          ...placemarkOf(point, index, groups[index]!),
          height: round(point.heightM, 3),
          useGlobalHeight: input.heightM === undefined,
          useGlobalSpeed: input.speedMS === undefined,
          useGlobalHeadingParam: input.headingMode === undefined && input.headingDeg === undefined,
          useGlobalTurnParam: input.turnMode === undefined,
        };
      }),
    };
  }
  const params = design.params;
  const height = plan.figures.heightM ?? params.heightM ?? 100;
  const mapping =
    design.kind === 'strip'
      ? {
          area: design.params.centreLine.coordinates.map(([lon, lat]) => [lon, lat] as [number, number]),
          leftExtend: design.params.leftWidthM,
          rightExtend: design.params.rightWidthM,
        }
      : {
          area: design.params.polygon.coordinates[0]!.map(([lon, lat]) => [lon, lat] as [number, number]),
          direction: design.params.courseAngleDeg,
          margin: design.params.marginM,
          ...(design.kind === 'oblique'
            ? { inclinedGimbalPitch: design.params.obliquePitchDeg, inclinedFlightSpeed: params.speedMS }
            : {}),
        };
  return {
    ...base,
    globalHeight: height,
    placemarks: [],
    mapping: {
      ...mapping,
      overlapH: params.frontOverlap,
      overlapW: params.sideOverlap,
      shootType: 'distance',
      height: round(height, 3),
    },
  };
}

/**
 * The wayline file of a planned design, for an aircraft (and payload) of the catalogue: the mission config,
 * the template (waypoints as planned, or the mapping parameters) and one executable wayline per pass, each
 * with the distance and duration WPML states. Throws a RangeError for an aircraft not in the catalogue (the
 * route's schema refuses one before).
 */
export function waylineFileOf(design: RouteDesign, plan: DesignPlan, target: WriteTarget): WaylineFile {
  const speed = design.kind === 'waypoint' ? design.params.defaults.speedMS : design.params.speedMS;
  const modes = heightModes(plan.heightMode);
  return {
    wpmlVersion: wpmlVersionFor(target.aircraftModelId),
    author: target.author,
    createTime: target.now,
    updateTime: target.now,
    missionConfig: missionConfigOf(design, target),
    template: templateOf(design, plan, speed),
    waylines: plan.waylines.map((points, waylineId) => {
      const groups = actionGroupsOf(points);
      const placemarks = points.map((point, index) => placemarkOf(point, index, groups[index]!));
      const figures = waylineFigures({ placemarks, autoFlightSpeed: speed });
      return {
        templateId: 0,
        waylineId,
        executeHeightMode: modes.execute,
        autoFlightSpeed: speed,
        distance: round(figures.distance, 2),
        duration: round(figures.duration, 2),
        placemarks,
      };
    }),
    resources: [],
  };
}

// ---------------------------------------------------------------------------------------- WPML → design

const headingModes = new Set<string>(HEADING_MODES);
/** the planner's default gimbal pitch: a waypoint at it follows the defaults */
const DEFAULT_GIMBAL_PITCH = WaypointDefaults.parse({}).gimbalPitchDeg;
const turnModes = new Set<string>(TURN_MODES);

function paramOf(action: WplAction, name: string): string | undefined {
  return action.params.find(([key]) => key === name)?.[1];
}

function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** A WPML action as a planner action, when the planner has it. */
function plannerAction(action: WplAction): WaypointAction | undefined {
  switch (action.actionActuatorFunc) {
    case 'takePhoto':
    case 'startRecord':
    case 'stopRecord':
      return { type: action.actionActuatorFunc };
    case 'hover': {
      const hoverTimeS = numberOf(paramOf(action, 'hoverTime'));
      return hoverTimeS === undefined ? undefined : { type: 'hover', hoverTimeS };
    }
    case 'rotateYaw': {
      const headingDeg = numberOf(paramOf(action, 'aircraftHeading'));
      const direction =
        paramOf(action, 'aircraftPathMode') === 'counterClockwise' ? 'counterClockwise' : 'clockwise';
      return headingDeg === undefined ? undefined : { type: 'rotateYaw', headingDeg, direction };
    }
    case 'gimbalRotate': {
      const pitch =
        paramOf(action, 'gimbalPitchRotateEnable') === '0'
          ? undefined
          : numberOf(paramOf(action, 'gimbalPitchRotateAngle'));
      const yaw =
        paramOf(action, 'gimbalYawRotateEnable') === '1'
          ? numberOf(paramOf(action, 'gimbalYawRotateAngle'))
          : undefined;
      if (pitch === undefined && yaw === undefined) return undefined;
      return {
        type: 'gimbalRotate',
        ...(pitch === undefined ? {} : { pitchDeg: pitch }),
        ...(yaw === undefined ? {} : { yawDeg: yaw }),
      };
    }
    case 'zoom': {
      const focalLengthMm = numberOf(paramOf(action, 'focalLength'));
      return focalLengthMm === undefined ? undefined : { type: 'zoom', focalLengthMm };
    }
    default:
      return undefined;
  }
}

function plannerHeightMode(file: WaylineFile): HeightMode {
  const mode = file.template.waylineCoordinateSysParam.heightMode;
  if (mode === 'EGM96') return 'WGS84';
  if (mode === 'realTimeFollowSurface' || mode === 'aboveGroundLevel') return 'realTimeFollowSurface';
  return 'relativeToStartPoint';
}

function missionOf(config: MissionConfig): RouteMission {
  return RouteMission.parse({
    flyToWaylineMode: config.flyToWaylineMode,
    finishAction: config.finishAction,
    exitOnRCLost: config.exitOnRCLost,
    executeRCLostAction: config.executeRCLostAction,
    takeOffSecurityHeightM:
      config.takeOffSecurityHeight !== undefined ? Math.max(8, config.takeOffSecurityHeight) : undefined,
    transitionalSpeedMS: Math.min(15, Math.max(1, config.globalTransitionalSpeed)),
    rthHeightM:
      config.globalRTHHeight !== undefined ? Math.min(1500, Math.max(20, config.globalRTHHeight)) : undefined,
  });
}

/** What an imported wayline file is as a design: the editable form, or why it has none. */
export type DesignOfWayline =
  | { ok: true; design: RouteDesign }
  | { ok: false; reason: 'camera' | 'values'; field?: string; message?: string };

/**
 * The design of a wayline file (an imported KMZ), so that the editor can open it: a waypoint template's
 * waypoints with their heights, speeds, headings, turns, gimbal pitch and the actions the planner knows (others
 * stay in the stored original only); a mapping template's area or centre line with its camera (from the
 * payload enum), height, overlaps, direction and margin. `{ ok: false }` when the file names no camera of
 * the catalogue for a mapping route, or holds values the planners refuse (the route is then kept as its file).
 */
export function designOfWayline(file: WaylineFile): DesignOfWayline {
  const template = file.template;
  // Heights above the ground from a terrain model at planning time (DJI's "AGL") are flown as ellipsoid
  // heights: the planners have no terrain model, so such a route is edited in the heights it is flown at.
  const flown = file.waylines[0];
  const agl =
    template.waylineCoordinateSysParam.heightMode === 'aboveGroundLevel' &&
    flown?.executeHeightMode === 'WGS84';
  const heightMode = agl ? 'WGS84' : plannerHeightMode(file);
  const flownHeight = (index: number) =>
    flown?.placemarks.find((placemark) => placemark.index === index)?.executeHeight;
  const speed = Math.min(
    15,
    Math.max(1, template.autoFlightSpeed || file.waylines[0]?.autoFlightSpeed || 10),
  );
  const mission = missionOf(file.missionConfig);
  let candidate: unknown;
  if (template.templateType === 'waypoint') {
    const source =
      template.placemarks.length >= 2 ? template.placemarks : (file.waylines[0]?.placemarks ?? []);
    candidate = {
      kind: 'waypoint',
      mission,
      params: {
        heightMode,
        defaults: {
          heightM: agl
            ? (flownHeight(source[0]?.index ?? 0) ?? 100)
            : (template.globalHeight ?? source[0]?.height ?? source[0]?.executeHeight ?? 100),
          speedMS: speed,
          headingMode: headingModes.has(template.globalWaypointHeadingParam?.waypointHeadingMode ?? '')
            ? (template.globalWaypointHeadingParam!.waypointHeadingMode as HeadingMode)
            : 'followWayline',
          turnMode:
            (template.globalWaypointTurnMode as TurnMode | undefined) ??
            'toPointAndStopWithDiscontinuityCurvature',
        },
        waypoints: source.map((placemark) => {
          const mode = placemark.waypointHeadingParam?.waypointHeadingMode;
          const turn = placemark.waypointTurnParam?.waypointTurnMode;
          const withAngle = mode === 'fixed' || mode === 'smoothTransition';
          return {
            position: placemark.position,
            ...(agl
              ? { heightM: flownHeight(placemark.index) ?? placemark.executeHeight }
              : placemark.useGlobalHeight
                ? {}
                : { heightM: placemark.height ?? placemark.executeHeight }),
            ...(placemark.useGlobalSpeed || !(placemark.waypointSpeed > 0)
              ? {}
              : { speedMS: placemark.waypointSpeed }),
            ...(mode && headingModes.has(mode) && !placemark.useGlobalHeadingParam
              ? { headingMode: mode }
              : {}),
            ...(withAngle ? { headingDeg: placemark.waypointHeadingParam?.waypointHeadingAngle ?? 0 } : {}),
            ...(turn && turnModes.has(turn) && !placemark.useGlobalTurnParam ? { turnMode: turn } : {}),
            ...(placemark.gimbalPitchAngle !== undefined &&
            placemark.gimbalPitchAngle !== DEFAULT_GIMBAL_PITCH
              ? { gimbalPitchDeg: placemark.gimbalPitchAngle }
              : {}),
            actions: placemark.actionGroups
              .filter((group) => group.actionTrigger.actionTriggerType === 'reachPoint')
              .flatMap((group) => group.actions.map(plannerAction))
              .filter((action): action is WaypointAction => action !== undefined),
          };
        }),
      },
    };
  } else {
    const mapping = template.mapping;
    const payload = file.missionConfig.payloadInfo[0];
    const camera =
      cameraForPayloadEnum(payload?.payloadEnumValue) ??
      cameraForRoute(file.missionConfig.droneInfo.modelId, null);
    if (!camera || !mapping) return { ok: false, reason: 'camera' };
    const common = {
      cameraId: camera.id,
      heightM: mapping.height ?? template.globalHeight,
      frontOverlap: mapping.overlapH,
      sideOverlap: mapping.overlapW,
      speedMS: speed,
      heightMode: heightMode === 'WGS84' ? 'relativeToStartPoint' : heightMode,
    };
    if (template.templateType === 'mappingStrip') {
      candidate = {
        kind: 'strip',
        mission,
        params: {
          ...common,
          centreLine: { type: 'LineString', coordinates: mapping.area },
          leftWidthM: mapping.leftExtend,
          rightWidthM: mapping.rightExtend,
        },
      };
    } else {
      const ring = [...mapping.area];
      const first = ring[0]!;
      const last = ring.at(-1)!;
      if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
      candidate = {
        kind: template.templateType === 'mapping3d' ? 'oblique' : 'area',
        mission,
        params: {
          ...common,
          polygon: { type: 'Polygon', coordinates: [ring] },
          courseAngleDeg: mapping.direction,
          marginM: mapping.margin,
          ...(template.templateType === 'mapping3d' ? { obliquePitchDeg: mapping.inclinedGimbalPitch } : {}),
        },
      };
    }
  }
  const parsed = RouteDesign.safeParse(candidate);
  if (parsed.success) return { ok: true, design: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, reason: 'values', field: issue?.path.join('.'), message: issue?.message };
}
