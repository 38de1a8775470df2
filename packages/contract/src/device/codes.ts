/**
 * A device's error code (DJI Cloud API wayline codes, `result` of a service reply or `flighttask_progress`)
 * as a cause and a remedy an operator can read (message keys `deviceCode.*`, both languages). Interim table of
 * the task area; the simulator's helper owns the full one (issue 17).
 */
export interface DeviceCodeInfo {
  code: number;
  causeKey: string;
  remedyKey: string;
}

/** code → [cause, remedy] key stems; the meanings follow DJI's published wayline error codes. */
const CODES: Record<number, readonly [string, string]> = {
  314001: ['taskDistribute', 'retryLater'],
  314002: ['md5Empty', 'checkRoute'],
  314003: ['fileFormat', 'checkRoute'],
  314004: ['taskDistribute', 'retryLater'],
  314005: ['md5Mismatch', 'checkRoute'],
  314007: ['fileToAircraft', 'restartDock'],
  314008: ['prepareTimeout', 'restartDock'],
  316009: ['lowBattery', 'waitCharge'],
  316010: ['aircraftMissing', 'checkAircraft'],
  319001: ['dockBusy', 'retryLater'],
  319016: ['dockBusy', 'retryLater'],
  319026: ['lowBattery', 'waitCharge'],
  319027: ['storageFull', 'waitUpload'],
  321000: ['taskError', 'restartDock'],
  321004: ['fileParse', 'checkRoute'],
  321513: ['heightLimit', 'checkRoute'],
  321515: ['geoZone', 'checkRoute'],
  321773: ['lowBatteryReturn', 'waitCharge'],
  321775: ['signalLost', 'checkAircraft'],
  322283: ['userReturn', 'none'],
};

/** The cause and remedy of `code`; an unknown code has a generic one. */
export function deviceCodeInfo(code: number): DeviceCodeInfo {
  const [cause, remedy] = CODES[code] ?? ['unknown', 'contactSupport'];
  return { code, causeKey: `deviceCode.cause.${cause}`, remedyKey: `deviceCode.remedy.${remedy}` };
}
