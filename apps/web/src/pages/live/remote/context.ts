import type { ControlContext, DeviceData, LiveDevice, Refusal } from '@aos/contract';

/** What the control groups read: the dock's live state (known), its type, its drone and that one's SN. */
export interface LiveControlContext extends ControlContext {
  dock: LiveDevice;
  /** the dock's drone serial number (as the dock reports it), null when unknown */
  droneSn: string | null;
}

/** The drone of a dock: the one its OSD names, else the first device of its topology. */
export function droneSnOf(dock: LiveDevice | null | undefined): string | null {
  if (!dock) return null;
  const sub = dock.osd.sub_device as DeviceData | undefined;
  const reported = sub && typeof sub.device_sn === 'string' ? sub.device_sn : '';
  return reported || dock.subDevices[0] || null;
}

/** The refusal when the predicates would allow a drone command but no drone is known to send it to. */
export const NO_DRONE: Refusal = { key: 'device.droneNotBound', status: 400 };
