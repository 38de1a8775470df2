/**
 * Routes (issue 16): the wayline model (WPML), the payload camera catalogue and the planners (waypoint, area, oblique, strip), pure
 * functions the console runs for live figures and the server runs again before it saves or writes a KMZ.
 * Generic names (speed, angle, overlap…) are exported with a `Route` prefix.
 */
export {
  CAMERAS,
  cameraById,
  cameraForModel,
  cameraForPayloadEnum,
  cameraForRoute,
  type CameraSpec,
} from './camera.js';
export {
  Angle as RouteAngle,
  checkWaypointCount,
  GIMBAL_PITCH_RANGE,
  GimbalPitch as RouteGimbalPitch,
  GSD_RANGE,
  GsdCm as RouteGsd,
  Heading as RouteHeading,
  HEADING_MODES,
  HEIGHT_MODES,
  HEIGHT_RANGE,
  HOVER_MAX_S,
  MAPPING_HEIGHT_MODES,
  MAPPING_HEIGHT_RANGE,
  Margin as RouteMargin,
  MARGIN_MAX,
  MappingHeight as RouteMappingHeight,
  OBLIQUE_PITCH_RANGE,
  Overlap as RouteOverlap,
  routeFigures,
  Speed as RouteSpeed,
  SPEED_RANGE,
  STRIP_WIDTH_MAX,
  TURN_ALLOWANCE_S,
  TURN_MIN_DEG,
  TURN_MODES,
  WAYPOINT_LIMIT,
  ZOOM_RANGE,
  type HeadingMode,
  type HeightMode,
  type PlanError,
  type PlannedWaypoint,
  type PlanResult,
  type RouteFigures,
  type RouteMessageKey,
  type TurnMode,
  type WaypointAction,
} from './planning/common.js';
export {
  type Enu,
  geodesicLengthM,
  haversineM,
  localPlane,
  type LocalPlane,
  planeAround,
  polygonAreaM2,
} from './planning/geo.js';
export { footprint, gsd, heightForGsd, lineSpacing, photoInterval, photosAlong } from './planning/photo.js';
export {
  WaypointActionInput,
  WaypointDefaults,
  WaypointInput,
  WaypointRouteInput,
  planWaypoints,
  type WaypointPlan,
} from './planning/waypoint.js';
export {
  AreaParams,
  AreaRouteInput,
  CameraId,
  heightOrGsd,
  MappingParams as MappingPlanParams,
  planArea,
  type AreaPlan,
  type MappingFigures,
} from './planning/area.js';
export { ObliqueRouteInput, planOblique, type ObliquePass, type ObliquePlan } from './planning/oblique.js';
export {
  offsetPolyline,
  planStrip,
  StripRouteInput,
  stripBand,
  type StripFigures,
  type StripPlan,
} from './planning/strip.js';
export * from './wayline.js';
export * from './design.js';
export * from './route.js';
export * from './record.js';
