import type { messages } from './messages.js';

/**
 * What a device's result code means and what an operator can do about it: the `result` of a `services_reply`
 * or of a `flighttask_progress` event (PROTOCOLS.md §2) turned into a cause and a remedy, each a message key
 * (`deviceCode.*`, zh-CN and en-US in ./messages.ts). Issue 17: a failed task shows the device's code as a
 * cause and a remedy in both languages.
 *
 * - `dji`: DJI Cloud API's dock codes: 314xxx flight task dispatch and preparation, 319xxx the dock's task
 *   center, 321xxx-322xxx wayline execution, 514xxx dock commands. A wayline execution code is 321000 + the
 *   wayline's break reason (`flighttask_progress` ext.break_reason): 321004 = reason 4 (wayline file),
 *   321257 = 257 (already started), 321773 = 773 (low battery return), 322282 = 1282 (user interruption),
 *   386535 = 65535 (unknown error). The wordings are ours; the meanings were checked against the sources
 *   named over each group below (DJI's own demo code; DJI's error code page itself is not in the stored
 *   copies we could read). Where DJI's two lists disagree (a code reused across dock generations) the
 *   wording covers both.
 * - `sim`: the device simulator's own codes (apps/device-sim/src/codes.ts, 316001-316100): what the platform
 *   sees from simulated docks. DJI uses 316xxx for other dock conditions (alternate landing point, aircraft
 *   parameters, RTK convergence, landing); a platform bridged to real docks would look those up in DJI's list.
 *
 * Sources, as cited per group:
 * - [web] dji-sdk/Cloud-API-Demo-Web, src/utils/error-code/index.ts (DJI's web demo; the DJI Dock 1 list).
 * - [sdk] DJI's cloud-sdk WaylineErrorCodeEnum (cloud-sdk/src/main/java/com/dji/sdk/cloudapi/wayline/
 *   WaylineErrorCodeEnum.java of DJI-Cloud-API-Demo, read in its forks qifei1991/DJI-Cloud-API-Demo and
 *   leebs0521/DJI-Cloud-API-Demo; the later list, DJI Dock 2 era).
 * - [break] dji-sdk/DJI-Cloud-API-Demo, cloud-sdk/src/main/java/com/dji/sdk/cloudapi/wayline/
 *   FlighttaskBreakReasonEnum.java (the break reasons behind 321000 + reason).
 *
 * A code not listed gets its family's text when its first three digits name one (314, 319, 321, 322, 514),
 * else a generic one; both say the number (`params.code`) and what to do.
 */

type CodeKey = keyof typeof messages;

export interface DeviceCodeInfo {
  code: number;
  causeKey: CodeKey;
  remedyKey: CodeKey;
  /** the message parameters: the code itself, which the family and generic texts show */
  params: { code: number };
  /** listed in the catalogue (false: a family's or the generic text) */
  known: boolean;
  source: 'dji' | 'sim' | null;
}

/**
 * The catalogue: code, the stem of its two keys (`<stem>` and `<stem>Remedy`), where it comes from. Codes of
 * one meaning share a stem (one text for one meaning).
 */
const CODES: ReadonlyArray<readonly [number, string, 'dji' | 'sim']> = [
  // 314xxx flight task dispatch and preparation. [web] 314001-314010, [sdk] 314001-314022. 314000 is in
  // neither list: its meaning ("the device cannot take a task now") is ours and unverified; the simulator
  // answers it for a dock that is not idle.
  [314000, 'deviceBusy', 'dji'],
  [314001, 'urlEmpty', 'dji'],
  [314002, 'md5Empty', 'dji'],
  // [web] "mission ID invalid", [sdk] "wayline file format not supported": both meanings
  [314003, 'taskIdInvalid', 'dji'],
  [314004, 'dispatchFailed', 'dji'],
  [314005, 'md5CheckFailed', 'dji'],
  [314006, 'aircraftInitFailed', 'dji'],
  [314007, 'uploadToAircraftFailed', 'dji'],
  [314008, 'notExecutable', 'dji'],
  [314009, 'missionOpenFailed', 'dji'],
  [314010, 'executionFailed', 'dji'],
  [314011, 'resultQueryTimeout', 'dji'],
  [314012, 'preparationFailed', 'dji'],
  [314013, 'kmzUrlFailed', 'dji'],
  [314014, 'dockSystemError', 'dji'],
  [314015, 'spotCheckFailed', 'dji'],
  [314016, 'fileParseFailed', 'dji'],
  [314018, 'rtkPositioningError', 'dji'],
  [314019, 'rtkNotConverged', 'dji'],
  [314020, 'aircraftMisplaced', 'dji'],
  [314021, 'rtkPositioningError', 'dji'],
  [314022, 'breakpointFileFailed', 'dji'],
  // 319xxx the dock's task center. [web] 319001, 319002, 319999; [sdk] all of these.
  [319001, 'taskCenterBusy', 'dji'],
  [319002, 'dockSystemError', 'dji'],
  [319003, 'taskNotOnDock', 'dji'],
  [319004, 'taskExpired', 'dji'],
  [319005, 'executeTimeout', 'dji'],
  [319008, 'clockNotSynced', 'dji'],
  [319009, 'dispatchFailed', 'dji'],
  [319010, 'firmwareTooOld', 'dji'],
  [319015, 'dockStarting', 'dji'],
  [319016, 'anotherTask', 'dji'],
  [319017, 'processingMedia', 'dji'],
  [319018, 'uploadingLogs', 'dji'],
  [319019, 'uploadingLogs', 'dji'],
  [319025, 'taskPreparing', 'dji'],
  [319026, 'lowBattery', 'dji'],
  [319027, 'storageLow', 'dji'],
  [319036, 'debugModeActive', 'dji'],
  [319037, 'onsiteDebug', 'dji'],
  [319038, 'dockUpdating', 'dji'],
  [319999, 'dockSystemError', 'dji'],
  // 321xxx-322xxx, 386xxx wayline execution (321000 + break reason). [sdk] all but 321518, 321522, 386534;
  // [web] 321000, 321257-321259, 321513-321517, 321769-321773, 321776, 321778, 322282; [break] each one's
  // reason but 260, 776 and 777 (and alone 518 poor RTK, 522 take-off request failed, 65534 unknown).
  [321000, 'waylineUnknown', 'dji'],
  [321004, 'fileParseFailed', 'dji'],
  [321005, 'breakpointInvalid', 'dji'],
  [321257, 'alreadyStarted', 'dji'],
  [321258, 'cannotPause', 'dji'],
  [321259, 'notStarted', 'dji'],
  [321260, 'notStartedPause', 'dji'],
  [321513, 'altitudeLimit', 'dji'],
  [321514, 'distanceLimit', 'dji'],
  [321515, 'geoZoneCrossing', 'dji'],
  [321516, 'altitudeTooLow', 'dji'],
  [321517, 'obstacle', 'dji'],
  [321518, 'rtkPoor', 'dji'],
  [321519, 'restrictedZone', 'dji'],
  [321522, 'takeoffFailed', 'dji'],
  [321523, 'takeoffFailed', 'dji'],
  [321524, 'preflightFailed', 'dji'],
  [321769, 'weakGps', 'dji'],
  [321770, 'flightModeWrong', 'dji'],
  [321771, 'homePointNotSet', 'dji'],
  [321772, 'lowBattery', 'dji'],
  [321773, 'lowBatteryReturn', 'dji'],
  [321775, 'signalLost', 'dji'],
  [321776, 'rtkNotConverged', 'dji'],
  [321777, 'notHovering', 'dji'],
  [321778, 'propellersSpinning', 'dji'],
  [321784, 'strongWindReturn', 'dji'],
  [322282, 'userTookControl', 'dji'],
  [322283, 'userReturnHome', 'dji'],
  [322539, 'breakpointInvalid', 'dji'],
  [386534, 'waylineUnknown', 'dji'],
  [386535, 'waylineUnknown', 'dji'],
  // 514xxx dock commands that refuse a task. [web]
  [514100, 'unknownMethod', 'dji'],
  [514103, 'lowBattery', 'dji'],
  [514116, 'dockJobRunning', 'dji'],
  [514121, 'emergencyStop', 'dji'],
  [514145, 'onsiteDebug', 'dji'],
  [514146, 'debugModeActive', 'dji'],
  [514147, 'dockUpdating', 'dji'],
  [514148, 'taskCenterBusy', 'dji'],
  [514150, 'dockStarting', 'dji'],
  // the simulator's own (apps/device-sim/src/codes.ts)
  [316001, 'notInDebugMode', 'sim'],
  [316002, 'flightInProgress', 'sim'],
  [316003, 'dockJobRunning', 'sim'],
  [316004, 'droneOff', 'sim'],
  [316005, 'droneNotInDock', 'sim'],
  [316006, 'droneGrounded', 'sim'],
  [316007, 'noFlight', 'sim'],
  [316008, 'invalidParameter', 'sim'],
  [316009, 'already', 'sim'],
  [316010, 'lowBattery', 'sim'],
  [316011, 'noSuchPayload', 'sim'],
  [316012, 'debugModeActive', 'sim'],
  [316013, 'flightAreaBlocked', 'sim'],
  [316014, 'windTooStrong', 'sim'],
  [316015, 'heavyRain', 'sim'],
  [316016, 'storageLow', 'sim'],
  [316017, 'downloadFailed', 'sim'],
  [316098, 'simInternal', 'sim'],
  [316099, 'refusedByFault', 'sim'],
  [316100, 'unknownMethod', 'sim'],
];

/** Families of codes by their first three digits. */
const FAMILIES: ReadonlyArray<readonly [number, string]> = [
  [314, 'familyFlightTask'],
  [319, 'familyTaskCenter'],
  [321, 'familyWayline'],
  [322, 'familyWayline'],
  [514, 'familyDock'],
];

const BY_CODE = new Map(CODES.map(([code, stem, source]) => [code, { stem, source }]));
const BY_FAMILY = new Map(FAMILIES);

/** Every code the catalogue lists. */
export const DEVICE_CODES: readonly number[] = CODES.map(([code]) => code);

const keysOf = (stem: string) => ({
  causeKey: `deviceCode.${stem}` as CodeKey,
  remedyKey: `deviceCode.${stem}Remedy` as CodeKey,
});

/** The cause and remedy of a device's result code. */
export function deviceCodeInfo(code: number): DeviceCodeInfo {
  const params = { code };
  const listed = BY_CODE.get(code);
  if (listed) return { code, ...keysOf(listed.stem), params, known: true, source: listed.source };
  const family =
    Number.isInteger(code) && code >= 100_000 ? BY_FAMILY.get(Math.floor(code / 1000)) : undefined;
  return { code, ...keysOf(family ?? 'unknown'), params, known: false, source: null };
}
