import { z } from 'zod';
import { DEVICE_MODELS, type DeviceModelSeed } from '../fleet/device-models.js';
import { haversineM } from './planning/geo.js';

/**
 * The wayline model: what a DJI KMZ (WPML 1.0.x, design/PROTOCOLS.md §3) holds, as one object the server reads
 * from and writes to `wpmz/template.kml` + `wpmz/waylines.wpml`. Names follow WPML's element names so a reader
 * of DJI's documentation finds each field; units are WPML's (metres, m/s, seconds, degrees).
 *
 * What WPML has and this model does not name is not lost on a read of a real file: each action keeps all of
 * its `actionActuatorFuncParam` children as `params` (text values), and the original KMZ is stored unchanged.
 */

export const WPML_TEMPLATE_TYPES = ['waypoint', 'mapping2d', 'mapping3d', 'mappingStrip'] as const;
export type WpmlTemplateType = (typeof WPML_TEMPLATE_TYPES)[number];

export const WPML_FLY_TO_WAYLINE_MODES = ['safely', 'pointToPoint'] as const;
export const WPML_FINISH_ACTIONS = ['goHome', 'noAction', 'autoLand', 'gotoFirstWaypoint'] as const;
export const WPML_EXIT_ON_RC_LOST = ['goContinue', 'executeLostAction'] as const;
export const WPML_RC_LOST_ACTIONS = ['goBack', 'landing', 'hover'] as const;
export const WPML_COORDINATE_MODES = ['WGS84'] as const;
/** template heights: relative to take-off, ellipsoid (EGM96 in WPML's words) or above ground (terrain follow) */
export const WPML_HEIGHT_MODES = [
  'relativeToStartPoint',
  'EGM96',
  'aboveGroundLevel',
  'realTimeFollowSurface',
] as const;
/** waylines.wpml heights: relative to take-off, or WGS84 ellipsoid */
export const WPML_EXECUTE_HEIGHT_MODES = ['relativeToStartPoint', 'WGS84', 'realTimeFollowSurface'] as const;
export const WPML_HEADING_MODES = [
  'followWayline',
  'manually',
  'fixed',
  'smoothTransition',
  'towardPOI',
] as const;
export const WPML_TURN_MODES = [
  'coordinateTurn',
  'toPointAndStopWithDiscontinuityCurvature',
  'toPointAndStopWithContinuityCurvature',
  'toPointAndPassWithContinuityCurvature',
] as const;
export const WPML_ACTION_GROUP_MODES = ['sequence', 'parallel'] as const;
export const WPML_TRIGGER_TYPES = [
  'reachPoint',
  'betweenAdjacentPoints',
  'multipleTiming',
  'multipleDistance',
] as const;
/** the actuator functions of WPML 1.0.x; a file may name others (newer firmware): kept as text */
export const WPML_ACTION_FUNCS = [
  'takePhoto',
  'startRecord',
  'stopRecord',
  'focus',
  'zoom',
  'customDirName',
  'gimbalRotate',
  'rotateYaw',
  'hover',
  'gimbalEvenlyRotate',
  'accurateShoot',
  'orientedShoot',
  'panoShot',
  'recordPointCloud',
] as const;

/** WPML namespace versions DJI writes, by aircraft (DJI Pilot 2 / FlightHub 2 files seen in the wild). */
export const WPML_NAMESPACE_PREFIX = 'http://www.dji.com/wpmz/';
export const WPML_DEFAULT_VERSION = '1.0.2';
const WPML_VERSION_BY_DRONE: Record<string, string> = {
  // M30/M30T, M300, M350, Mavic 3E/3T: 1.0.2 is what the docks and Pilot 2 of their generation write
  'dji-m30': '1.0.2',
  'dji-m30t': '1.0.2',
  'dji-m300': '1.0.2',
  'dji-m350': '1.0.2',
  'dji-m3e': '1.0.2',
  'dji-m3t': '1.0.2',
  // Matrice 3D/3TD (Dock 2) and Matrice 4D/4TD (Dock 3): newer Pilot 2 and FlightHub 2 write 1.0.6
  'dji-m3d': '1.0.6',
  'dji-m3td': '1.0.6',
  'dji-m4d': '1.0.6',
  'dji-m4td': '1.0.6',
};

/** The namespace version DJI writes for an aircraft of our catalogue (1.0.2 when unknown). */
export function wpmlVersionFor(droneModelId: string | null | undefined): string {
  return (droneModelId && WPML_VERSION_BY_DRONE[droneModelId]) || WPML_DEFAULT_VERSION;
}

const finite = z.number().finite();
const nonNegative = finite.min(0);
const speed = finite.min(0).max(30);
const flag = z.boolean();

/** `[longitude, latitude]` in WGS-84 degrees */
export const wplPositionSchema = z.tuple([finite.min(-180).max(180), finite.min(-90).max(90)]);

export const droneInfoSchema = z.object({
  droneEnumValue: z.number().int().min(0),
  droneSubEnumValue: z.number().int().min(0),
  /** our catalogue model (fleet/device-models.ts) with this DJI type/subType, when there is one */
  modelId: z.string().nullable().optional(),
});

export const payloadInfoSchema = z.object({
  payloadEnumValue: z.number().int().min(0),
  payloadSubEnumValue: z.number().int().min(0).optional(),
  payloadPositionIndex: z.number().int().min(0).default(0),
  modelId: z.string().nullable().optional(),
});

export const missionConfigSchema = z.object({
  flyToWaylineMode: z.enum(WPML_FLY_TO_WAYLINE_MODES),
  finishAction: z.enum(WPML_FINISH_ACTIONS),
  exitOnRCLost: z.enum(WPML_EXIT_ON_RC_LOST),
  executeRCLostAction: z.enum(WPML_RC_LOST_ACTIONS).optional(),
  takeOffSecurityHeight: finite.min(1.2).max(1500).optional(),
  /** `lat,lon,height` of the reference take-off point, as the file writes it */
  takeOffRefPoint: z.string().optional(),
  globalTransitionalSpeed: speed,
  globalRTHHeight: finite.min(0).max(1500).optional(),
  droneInfo: droneInfoSchema,
  payloadInfo: z.array(payloadInfoSchema).default([]),
});

export const headingParamSchema = z.object({
  waypointHeadingMode: z.enum(WPML_HEADING_MODES),
  waypointHeadingAngle: finite.min(-180).max(180).optional(),
  /** `lat,lon,height` as WPML writes it */
  waypointPoiPoint: z.string().optional(),
  waypointHeadingAngleEnable: flag.optional(),
  waypointHeadingPathMode: z.enum(['clockwise', 'counterClockwise', 'followBadArc']).optional(),
  waypointHeadingPoiIndex: z.number().int().min(0).optional(),
});

export const turnParamSchema = z.object({
  waypointTurnMode: z.enum(WPML_TURN_MODES),
  waypointTurnDampingDist: nonNegative.optional(),
});

export const actionSchema = z.object({
  actionId: z.number().int().min(0),
  actionActuatorFunc: z.string().min(1),
  /** every child of `actionActuatorFuncParam`, in file order, as text */
  params: z.array(z.tuple([z.string(), z.string()])).default([]),
});

export const actionTriggerSchema = z.object({
  actionTriggerType: z.enum(WPML_TRIGGER_TYPES),
  actionTriggerParam: finite.optional(),
});

export const actionGroupSchema = z.object({
  actionGroupId: z.number().int().min(0),
  actionGroupStartIndex: z.number().int().min(0),
  actionGroupEndIndex: z.number().int().min(0),
  actionGroupMode: z.enum(WPML_ACTION_GROUP_MODES),
  actionTrigger: actionTriggerSchema,
  actions: z.array(actionSchema),
});

export const placemarkSchema = z.object({
  position: wplPositionSchema,
  index: z.number().int().min(0),
  /** waylines.wpml: the height flown, in the wayline's executeHeightMode */
  executeHeight: finite,
  /** template.kml: the height in the template's heightMode, and the ellipsoid height when the file gives it */
  height: finite.optional(),
  ellipsoidHeight: finite.optional(),
  useGlobalHeight: flag.optional(),
  waypointSpeed: speed,
  useGlobalSpeed: flag.optional(),
  waypointHeadingParam: headingParamSchema.optional(),
  useGlobalHeadingParam: flag.optional(),
  waypointTurnParam: turnParamSchema.optional(),
  useGlobalTurnParam: flag.optional(),
  useStraightLine: flag.optional(),
  /** gimbal pitch at the waypoint (waypointGimbalHeadingParam), degrees */
  gimbalPitchAngle: finite.min(-120).max(45).optional(),
  gimbalYawAngle: finite.optional(),
  actionGroups: z.array(actionGroupSchema).default([]),
  isRisky: flag.optional(),
});

export const waylineSchema = z.object({
  templateId: z.number().int().min(0),
  waylineId: z.number().int().min(0),
  executeHeightMode: z.enum(WPML_EXECUTE_HEIGHT_MODES),
  autoFlightSpeed: speed,
  /** as the file states them (metres, seconds); absent in files some tools write */
  distance: nonNegative.optional(),
  duration: nonNegative.optional(),
  placemarks: z.array(placemarkSchema).max(65_535),
});

export const coordinateSysParamSchema = z.object({
  coordinateMode: z.enum(WPML_COORDINATE_MODES),
  heightMode: z.enum(WPML_HEIGHT_MODES),
  positioningType: z.enum(['GPS', 'RTKBaseStation', 'QianXun', 'Custom']).optional(),
  globalShootHeight: finite.optional(),
  surfaceFollowModeEnable: flag.optional(),
  surfaceRelativeHeight: finite.optional(),
});

/** mapping2d / mapping3d / mappingStrip parameters (the template's Placemark, WPML "mapping" elements) */
export const mappingParamsSchema = z.object({
  /** work area (mapping2d/3d) as a closed ring, or the strip's centre line (mappingStrip) */
  area: z.array(wplPositionSchema).min(2),
  direction: finite.min(0).max(360).optional(),
  margin: finite.optional(),
  overlapH: finite.min(0).max(100).optional(),
  overlapW: finite.min(0).max(100).optional(),
  inclinedGimbalPitch: finite.optional(),
  inclinedFlightSpeed: speed.optional(),
  leftExtend: nonNegative.optional(),
  rightExtend: nonNegative.optional(),
  shootType: z.enum(['time', 'distance']).optional(),
  ellipsoidHeight: finite.optional(),
  height: finite.optional(),
});

export const templateSchema = z.object({
  templateType: z.enum(WPML_TEMPLATE_TYPES),
  templateId: z.number().int().min(0),
  waylineCoordinateSysParam: coordinateSysParamSchema,
  autoFlightSpeed: speed,
  globalHeight: finite.optional(),
  globalWaypointHeadingParam: headingParamSchema.optional(),
  globalWaypointTurnMode: z.enum(WPML_TURN_MODES).optional(),
  globalUseStraightLine: flag.optional(),
  gimbalPitchMode: z.enum(['manual', 'usePointSetting']).optional(),
  /** waypoint templates: the waypoints as planned (heights in heightMode) */
  placemarks: z.array(placemarkSchema).default([]),
  mapping: mappingParamsSchema.optional(),
});

/** A file kept from `wpmz/res/` (names and sizes only; the original KMZ is stored unchanged). */
export const resourceFileSchema = z.object({ name: z.string(), size: z.number().int().min(0) });

export const waylineFileSchema = z.object({
  /** namespace version, e.g. `1.0.2` */
  wpmlVersion: z.string().regex(/^1\.0\.\d+$/),
  author: z.string().optional(),
  createTime: z.number().int().min(0).optional(),
  updateTime: z.number().int().min(0).optional(),
  missionConfig: missionConfigSchema,
  template: templateSchema,
  waylines: z.array(waylineSchema).min(1),
  resources: z.array(resourceFileSchema).default([]),
});

export type WplPosition = z.infer<typeof wplPositionSchema>;
export type DroneInfo = z.infer<typeof droneInfoSchema>;
export type PayloadInfo = z.infer<typeof payloadInfoSchema>;
export type MissionConfig = z.infer<typeof missionConfigSchema>;
export type HeadingParam = z.infer<typeof headingParamSchema>;
export type TurnParam = z.infer<typeof turnParamSchema>;
export type WplAction = z.infer<typeof actionSchema>;
export type ActionGroup = z.infer<typeof actionGroupSchema>;
export type WplPlacemark = z.infer<typeof placemarkSchema>;
export type Wayline = z.infer<typeof waylineSchema>;
export type WaylineTemplate = z.infer<typeof templateSchema>;
export type MappingParams = z.infer<typeof mappingParamsSchema>;
export type WaylineFile = z.infer<typeof waylineFileSchema>;

/** PROTOCOLS.md §2 `flighttask_prepare.wayline_type` of a template type. */
export function waylineTypeCode(type: WpmlTemplateType): 0 | 1 | 2 | 3 {
  return WPML_TEMPLATE_TYPES.indexOf(type) as 0 | 1 | 2 | 3;
}

/** Spec §3 Route type of a template type (mapping3d is an area route flown obliquely). */
export function routeTypeOfTemplate(type: WpmlTemplateType): 'waypoint' | 'planar' | 'banded' {
  if (type === 'waypoint') return 'waypoint';
  return type === 'mappingStrip' ? 'banded' : 'planar';
}

/** Our catalogue model of a DJI aircraft enum (droneEnumValue, droneSubEnumValue): domain 0. */
export function droneModelOf(type: number, subType: number): DeviceModelSeed | undefined {
  return DEVICE_MODELS.find((m) => m.domain === 0 && m.type === type && m.subType === subType);
}

/**
 * Our catalogue model of a DJI payload enum (payloadEnumValue, payloadSubEnumValue): domain 1. A payload's sub
 * value in WPML is its lens/mount variant, not the Cloud API subType, so a type match alone is enough when the
 * sub value does not match.
 */
export function payloadModelOf(type: number, subType?: number): DeviceModelSeed | undefined {
  const payloads = DEVICE_MODELS.filter((m) => m.domain === 1 && m.type === type);
  return payloads.find((m) => m.subType === subType) ?? payloads[0];
}

/** DJI's aircraft enum of a catalogue model id (for writing `droneInfo`). */
export function droneInfoOf(modelId: string): DroneInfo | undefined {
  const model = DEVICE_MODELS.find((m) => m.id === modelId && m.domain === 0);
  return model ? { droneEnumValue: model.type, droneSubEnumValue: model.subType, modelId } : undefined;
}

/**
 * A wayline's length (3-D: horizontal great-circle plus the height change, leg by leg) and a duration estimate:
 * each leg at the speed of the waypoint it leaves, plus the hovers of `hover` actions. DJI's own duration also
 * counts acceleration and stops at each waypoint, so it is compared with a tolerance, never asserted equal.
 */
export function waylineFigures(wayline: Pick<Wayline, 'placemarks' | 'autoFlightSpeed'>): {
  distance: number;
  duration: number;
} {
  let distance = 0;
  let duration = 0;
  const points = wayline.placemarks;
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1]!;
    const to = points[i]!;
    const flat = haversineM(from.position, to.position);
    const leg = Math.hypot(flat, to.executeHeight - from.executeHeight);
    distance += leg;
    const legSpeed = from.waypointSpeed > 0 ? from.waypointSpeed : wayline.autoFlightSpeed;
    if (legSpeed > 0) duration += leg / legSpeed;
  }
  for (const point of points) {
    for (const group of point.actionGroups) {
      for (const action of group.actions) {
        if (action.actionActuatorFunc !== 'hover') continue;
        const time = Number(action.params.find(([name]) => name === 'hoverTime')?.[1] ?? 0);
        if (Number.isFinite(time) && time > 0) duration += time;
      }
    }
  }
  return { distance, duration };
}
