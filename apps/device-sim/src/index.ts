/** The dock and drone simulator as a library: tests, benchmarks and the embedded demo start it from here. */
export { CAMERA_METHODS, GIMBAL_LIMITS, LENSES, type Lens, SimCamera, ZOOM_LIMITS } from './camera.js';
export {
  DeviceClient,
  type DeviceClientOptions,
  type DeviceCredentials,
  type PublishOptions,
} from './client.js';
export {
  DEFAULT_MAX_WIND_MS,
  DURATIONS_MS,
  FLIGHT,
  MAX_WIND_MS,
  SIM_RESULT,
  WAYLINE_RESULT,
} from './codes.js';
export {
  type DockState,
  type FaultKind,
  type FaultOptions,
  type Outcome,
  SimDock,
  type SimDockConfig,
  type SimRuntime,
} from './dock.js';
export { DockFlightAreas } from './dock-areas.js';
export { FLIGHT_METHODS } from './dock-flight.js';
export {
  type BreakPoint,
  type FlownPoint,
  MISSION_STATE,
  PROGRESS_METHOD,
  type PreparedTask,
  RESOURCE_GET_METHOD,
  type RunningTask,
  WAYLINE_METHODS,
  type WaylinePoint,
  waylinePoints,
  type WaylineTasks,
  waylineTasks,
} from './dock-wayline.js';
export {
  type AreaBlock,
  areasOf,
  BOUNDARY_MARGIN_M,
  boundaryDistance,
  checkStep,
  droneLocations,
  firstCrossing,
  isInside,
  type SimArea,
} from './flight-areas.js';
export {
  type DroneHome,
  type DroneStep,
  type FlightJob,
  type Mission,
  type MissionKind,
  SimDrone,
} from './drone.js';
export { type DockStatus, SimFleet, type SimFleetOptions } from './fleet.js';
export {
  advance,
  type AirPoint,
  bearingDeg,
  destination,
  distanceM,
  djiHeading,
  type GeoPoint,
  gridPositions,
  type Leg,
  type Motion,
} from './flight.js';
export { LoadFleet, type LoadDevice, type LoadFleetOptions } from './load.js';
export { PlatformClient, PlatformError, type PlatformOptions } from './platform.js';
export { type Random, seededRandom, seedOf } from './random.js';
export { Scheduler, Stopped } from './scheduler.js';
export { findFfmpeg, type StreamFile, type StreamInfo, VideoServer, type VideoOptions } from './video.js';
export { Weather, type WeatherReading } from './weather.js';
