import type { messages } from './messages.js';

/**
 * What a device's result code means and what an operator can do about it: the `result` of a `services_reply`
 * or of a `flighttask_progress` event (PROTOCOLS.md §2) turned into a cause and a remedy, each a message key
 * (`deviceCode.*`, zh-CN and en-US in ./messages.ts). Issue 17: a failed task shows the device's code as a
 * cause and a remedy in both languages.
 *
 * - `dji`: DJI Cloud API's documented dock codes: 314xxx flight task dispatch, 319xxx task center, 321xxx
 *   wayline execution (DJI numbers these 321000 + the wayline's break reason: 321004 file parse, 321257
 *   already started, 321513 altitude limit, 321769 weak GPS...). The wordings are ours. The 321xxx meanings
 *   follow DJI's wayline break reasons as published (0-7, 257-262, 513-527, 769-771); 321773 (the return at
 *   low battery) and the 314004-314010, 319001, 319016, 319999 wordings are as we know DJI's list, not checked
 *   against a stored copy of it: check them there before relying on them.
 * - `sim`: the device simulator's own codes (apps/device-sim/src/codes.ts, 316001-316100): what the platform
 *   sees from simulated docks. DJI uses 316xxx for other dock conditions (alternate landing point and
 *   parameter settings); a platform bridged to real docks would look those up in DJI's list.
 *
 * A code not listed gets its family's text when its first three digits name one (314, 319, 321, 514), else a
 * generic one; both say the number (`params.code`) and what to do.
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

/** The catalogue: code, the stem of its two keys (`<stem>` and `<stem>Remedy`), where it comes from. */
const CODES: ReadonlyArray<readonly [number, string, 'dji' | 'sim']> = [
  [314000, 'deviceBusy', 'dji'],
  [314001, 'urlEmpty', 'dji'],
  [314002, 'md5Empty', 'dji'],
  [314003, 'taskIdInvalid', 'dji'],
  [314004, 'sendToAircraftFailed', 'dji'],
  [314005, 'md5CheckFailed', 'dji'],
  [314006, 'aircraftNotReady', 'dji'],
  [314007, 'uploadToAircraftFailed', 'dji'],
  [314008, 'notExecutable', 'dji'],
  [314010, 'executionFailed', 'dji'],
  [319001, 'taskCenterBusy', 'dji'],
  [319016, 'anotherTask', 'dji'],
  [319999, 'dockUnknown', 'dji'],
  [321000, 'waylineUnknown', 'dji'],
  [321004, 'fileParseFailed', 'dji'],
  [321005, 'breakpointInvalid', 'dji'],
  [321257, 'alreadyStarted', 'dji'],
  [321258, 'cannotPause', 'dji'],
  [321259, 'notStarted', 'dji'],
  [321513, 'altitudeLimit', 'dji'],
  [321514, 'distanceLimit', 'dji'],
  [321516, 'altitudeTriggered', 'dji'],
  [321517, 'obstacle', 'dji'],
  [321518, 'rtkPoor', 'dji'],
  [321519, 'restrictedZone', 'dji'],
  [321523, 'takeoffFailed', 'dji'],
  [321524, 'missionRequestFailed', 'dji'],
  [321769, 'weakGps', 'dji'],
  [321773, 'lowBatteryReturn', 'dji'],
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
