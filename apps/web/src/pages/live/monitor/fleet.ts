import type { DockOption, LiveDevice, OnlineUav } from '@aos/contract';
import { DOCK_VISIBLE } from '@aos/contract/rules';
import type { LiveDevices } from '../../../live/model';
import {
  type DeviceStatus,
  STATUS_ORDER,
  type StatusFilter,
  dockStatus,
  droneStatus,
  passes,
} from './status';

/**
 * The live map's list: each dock of the tenant with its drone, and drones that fly without a dock. Names come
 * from the registry (docks) and getOnlineUavList (drones); a device without one is named by its serial number.
 */
export interface FleetEntry {
  /** the dock's serial number, or a lone drone's */
  sn: string;
  kind: 'dock' | 'drone';
  name: string;
  dock: LiveDevice | null;
  drone: LiveDevice | null;
  droneSn: string | null;
  droneName: string | null;
  status: DeviceStatus;
}

/** The dock's aircraft: from its topology, else a drone that names it as gateway. */
export function droneOfDock(dock: LiveDevice, devices: LiveDevices): LiveDevice | null {
  for (const sn of dock.subDevices) {
    const device = devices[sn];
    if (device && device.kind === 'device') return device;
  }
  return (
    Object.values(devices).find((device) => device.kind === 'device' && device.gatewaySn === dock.sn) ?? null
  );
}

function blankDock(hangar: DockOption): LiveDevice {
  return {
    sn: hangar.serialNumber,
    kind: 'dock',
    ownerId: hangar.id,
    tenantId: hangar.tenantId,
    online: false,
    lastSeen: null,
    gatewaySn: null,
    subDevices: [],
    osd: {},
    osdAt: null,
    state: {},
    stateAt: null,
    jobs: [],
  };
}

export function fleetEntries(
  devices: LiveDevices,
  hangars: readonly DockOption[],
  uavs: readonly OnlineUav[] = [],
): FleetEntry[] {
  const uavBySn = new Map(uavs.map((uav) => [uav.serialNumber, uav]));
  const hidden = new Set(hangars.filter((h) => h.visible !== DOCK_VISIBLE).map((h) => h.serialNumber));
  const named = new Map(hangars.map((h) => [h.serialNumber, h]));
  const docks = new Map<string, LiveDevice>();
  for (const hangar of hangars) {
    if (!hidden.has(hangar.serialNumber))
      docks.set(hangar.serialNumber, devices[hangar.serialNumber] ?? blankDock(hangar));
  }
  for (const device of Object.values(devices)) {
    if (device.kind === 'dock' && !hidden.has(device.sn) && !docks.has(device.sn))
      docks.set(device.sn, device);
  }
  const entries: FleetEntry[] = [];
  const claimed = new Set<string>();
  for (const dock of docks.values()) {
    let drone = droneOfDock(dock, devices);
    const uav = drone
      ? uavBySn.get(drone.sn)
      : uavs.find((candidate) => candidate.hangarSerialNumber === dock.sn);
    if (!drone && uav) drone = devices[uav.serialNumber] ?? null;
    const droneSn = drone?.sn ?? uav?.serialNumber ?? null;
    if (droneSn) claimed.add(droneSn);
    entries.push({
      sn: dock.sn,
      kind: 'dock',
      name: named.get(dock.sn)?.name || dock.sn,
      dock,
      drone,
      droneSn,
      droneName: droneSn ? uavBySn.get(droneSn)?.name || droneSn : null,
      status: dockStatus(dock, drone),
    });
  }
  for (const device of Object.values(devices)) {
    if (device.kind !== 'device' || claimed.has(device.sn) || !device.online) continue;
    if (device.gatewaySn && docks.has(device.gatewaySn)) continue;
    const name = uavBySn.get(device.sn)?.name || device.sn;
    entries.push({
      sn: device.sn,
      kind: 'drone',
      name,
      dock: null,
      drone: device,
      droneSn: device.sn,
      droneName: name,
      status: droneStatus(device),
    });
  }
  return entries.sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.name.localeCompare(b.name, 'zh-CN'),
  );
}

/** Entries whose name or serial number (dock's or drone's) contains the words typed, ignoring case. */
export function searchFleet(
  entries: readonly FleetEntry[],
  text: string,
  filter: StatusFilter = new Set(),
): FleetEntry[] {
  const needle = text.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      passes(filter, entry.status) &&
      (!needle ||
        [entry.name, entry.sn, entry.droneName ?? '', entry.droneSn ?? ''].some((value) =>
          value.toLowerCase().includes(needle),
        )),
  );
}

/** How many entries are online, for the list's header. */
export function onlineCount(entries: readonly FleetEntry[]): number {
  return entries.filter((entry) => entry.status !== 'offline').length;
}
