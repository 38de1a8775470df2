import type { DockOption, LiveDevice, OnlineDrone } from '@aos/contract';
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

/** The dock's drone: from its topology, else a drone that names it as gateway. */
export function droneOfDock(dock: LiveDevice, devices: LiveDevices): LiveDevice | null {
  for (const sn of dock.subDevices) {
    const device = devices[sn];
    if (device && device.kind === 'device') return device;
  }
  return (
    Object.values(devices).find((device) => device.kind === 'device' && device.gatewaySn === dock.sn) ?? null
  );
}

function blankDock(registered: DockOption): LiveDevice {
  return {
    sn: registered.serialNumber,
    kind: 'dock',
    ownerId: registered.id,
    tenantId: registered.tenantId,
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
  registered: readonly DockOption[],
  onlineDrones: readonly OnlineDrone[] = [],
): FleetEntry[] {
  const namedDrones = new Map(onlineDrones.map((drone) => [drone.serialNumber, drone]));
  const hidden = new Set(registered.filter((d) => d.visible !== DOCK_VISIBLE).map((d) => d.serialNumber));
  const named = new Map(registered.map((d) => [d.serialNumber, d]));
  const docks = new Map<string, LiveDevice>();
  for (const dock of registered) {
    if (!hidden.has(dock.serialNumber))
      docks.set(dock.serialNumber, devices[dock.serialNumber] ?? blankDock(dock));
  }
  for (const device of Object.values(devices)) {
    if (device.kind === 'dock' && !hidden.has(device.sn) && !docks.has(device.sn))
      docks.set(device.sn, device);
  }
  const entries: FleetEntry[] = [];
  const claimed = new Set<string>();
  for (const dock of docks.values()) {
    let drone = droneOfDock(dock, devices);
    const online = drone
      ? namedDrones.get(drone.sn)
      : onlineDrones.find((candidate) => candidate.hangarSerialNumber === dock.sn);
    if (!drone && online) drone = devices[online.serialNumber] ?? null;
    const droneSn = drone?.sn ?? online?.serialNumber ?? null;
    if (droneSn) claimed.add(droneSn);
    entries.push({
      sn: dock.sn,
      kind: 'dock',
      name: named.get(dock.sn)?.name || dock.sn,
      dock,
      drone,
      droneSn,
      droneName: droneSn ? namedDrones.get(droneSn)?.name || droneSn : null,
      status: dockStatus(dock, drone),
    });
  }
  for (const device of Object.values(devices)) {
    if (device.kind !== 'device' || claimed.has(device.sn) || !device.online) continue;
    if (device.gatewaySn && docks.has(device.gatewaySn)) continue;
    const name = namedDrones.get(device.sn)?.name || device.sn;
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
