/**
 * What the simulated devices answer and how long their jobs take. Result codes are six-digit device codes in
 * the style of DJI's (any non-zero result is a refusal to the platform); the values are the simulator's own.
 */
export const SIM_RESULT = {
  OK: 0,
  /** a remote-debug method outside remote debug mode */
  NOT_IN_DEBUG_MODE: 316001,
  /** debug mode asked during a flight, or a hardware move that would hit the flying drone */
  FLIGHT_IN_PROGRESS: 316002,
  /** another remote-debug job is running */
  DOCK_BUSY: 316003,
  /** the aircraft is off */
  DRONE_NOT_POWERED: 316004,
  /** the aircraft is not in the dock (power, charge) */
  DRONE_NOT_IN_DOCK: 316005,
  /** the aircraft is on the ground (fly to, return home, stop) */
  DRONE_GROUNDED: 316006,
  /** nothing to pause or resume */
  NO_FLIGHT: 316007,
  /** a parameter is missing or out of range */
  INVALID_PARAMETER: 316008,
  /** already in the asked state (recording twice) */
  ALREADY: 316009,
  /** the battery is too low to take off */
  LOW_BATTERY: 316010,
  /** the payload index names no camera of the aircraft */
  NO_SUCH_PAYLOAD: 316011,
  /** take-off asked while the dock is in remote debug mode */
  DEBUG_MODE_ACTIVE: 316012,
  /** the refusal fault is on */
  REFUSED_BY_FAULT: 316099,
  /** a job's last step failed inside the simulator */
  INTERNAL_ERROR: 316098,
  /** the flight stopped at a custom flight area's boundary (a no-fly zone ahead, or the fence's edge) */
  FLIGHT_AREA_BLOCKED: 316013,
  /** a method the simulator does not implement */
  UNKNOWN_METHOD: 316100,
  /** flight task refused: wind above the aircraft model's limit (the dock's own anemometer) */
  WIND_TOO_STRONG: 316014,
  /** flight task refused: heavy rain at the dock */
  HEAVY_RAIN: 316015,
  /** flight task refused: less free storage than its executable_conditions ask */
  STORAGE_LOW: 316016,
  /** the wayline file could not be downloaded (network, HTTP error, larger than the dock accepts) */
  WAYLINE_DOWNLOAD_FAILED: 316017,
} as const;

/**
 * DJI Cloud API's documented codes of the wayline (flight task) services, which the simulator answers as a dock
 * does (DJI Cloud API error codes, 314xxx "flight task", 319xxx "task center", and the wayline execution codes,
 * 321000 plus DJI's wayline break reason, so 321xxx to 386535); packages/contract/src/device/codes.ts says cause and
 * remedy.
 */
export const WAYLINE_RESULT = {
  /** the device cannot run the task now (not idle: another job, a flight, remote debug) */
  DEVICE_BUSY: 314000,
  /** flighttask_prepare without file.url */
  URL_EMPTY: 314001,
  /** flighttask_prepare without file.fingerprint */
  MD5_EMPTY: 314002,
  /** the flight_id is missing or names no prepared task */
  TASK_ID_INVALID: 314003,
  /** the file downloaded does not match its fingerprint */
  MD5_CHECK_FAILED: 314005,
  /** the dock is running another flight task */
  ANOTHER_TASK: 319016,
  /** the wayline file could not be parsed */
  FILE_PARSE_FAILED: 321004,
  /** the breakpoint of a resumed task does not fit its wayline */
  BREAKPOINT_INVALID: 321005,
  /** the aircraft's battery fell to its return power: it came home, the task is partly done */
  LOW_BATTERY_RETURN: 321773,
} as const;

/** Most wind (m/s) each aircraft flies in, by DJI type: the maker's rated wind resistance. */
export const MAX_WIND_MS: Readonly<Record<number, number>> = {
  /** Matrice 30 / 30T (DJI Dock) */
  67: 15,
  /** Matrice 3D / 3TD (DJI Dock 2) */
  91: 12,
  /** Matrice 4D / 4TD (DJI Dock 3) */
  100: 12,
};
export const DEFAULT_MAX_WIND_MS = 12;

/** Real-world durations (ms at timeScale 1) of the dock's jobs. */
export const DURATIONS_MS = {
  cover: 15_000,
  putter: 8_000,
  droneOpen: 20_000,
  droneClose: 5_000,
  debugMode: 2_000,
  reboot: 30_000,
  light: 1_000,
  charge: 2_000,
  /** propellers spinning up before the aircraft leaves the dock */
  takeoffPrepare: 4_000,
} as const;

/** Flight figures: climb and descent rates (m/s), battery use (% per second), charge rate. */
export const FLIGHT = {
  climbRate: 5,
  descentRate: 3,
  defaultSpeed: 10,
  maxSpeed: 15,
  /** return-home altitude above the dock, m */
  returnHeight: 60,
  /** 100 % lasts about 38 minutes of flight */
  drainPerSecond: 100 / (38 * 60),
  /** 0 → 100 % in about 25 minutes */
  chargePerSecond: 100 / (25 * 60),
  /** the aircraft goes home by itself below this battery level */
  autoReturnPercent: 20,
  /** take-off is refused below this battery level */
  minTakeoffPercent: 25,
  /** a wayline task's file: the most the dock downloads, bytes */
  maxWaylineBytes: 20 * 1024 * 1024,
  /** a wayline task's download: how long the dock waits for it, real ms */
  downloadTimeoutMs: 30_000,
} as const;
