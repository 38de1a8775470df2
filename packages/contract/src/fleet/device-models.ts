import {
  DEVICE_DOMAIN_DOCK,
  DEVICE_DOMAIN_DRONE,
  DEVICE_DOMAIN_PAYLOAD,
  DEVICE_DOMAIN_REMOTE_CONTROLLER,
  DEVICE_TYPE_OF_KIND,
  type DeviceKind,
  DOCK_TYPE_MULTIROTOR,
  DOCK_TYPE_VTOL,
} from './device-rules.js';

/**
 * One model of the catalogue (`findEquipmentModel`). The catalogue is a constant of the contract, not a table:
 * it is DJI's product enumeration (plus two generic VTOL entries), the same for every tenant and changed only
 * by a release, and the console can prefill a device's figures from it without a round trip.
 */
export interface DeviceModelSeed {
  /** stable key stored on devices and docks (`model_id`) */
  id: string;
  name: string;
  nameEn: string;
  manufacturerName: string;
  kind: DeviceKind;
  /** `device_type` key: 1 aircraft, 2 payload, 3 data link, 4 remote controller, 5 dock */
  deviceType: number;
  /** docks only: the `hangar_type` key the model is (1 multirotor dock, 2 VTOL dock) */
  hangarType: number | null;
  /** DJI Cloud API `domain-type-subType` (design/PROTOCOLS.md §2): what the device reports in `update_topo` */
  domain: number;
  type: number;
  subType: number;
  /** nominal figures the console may prefill; null where the maker publishes none that fits */
  maxTakeoffWeight: number | null;
  maxSpeed: number | null;
  maxPayload: number | null;
}

/**
 * The generic VTOL aircraft and dock are not DJI products and have no DJI enum: they use this platform-private
 * type in their domain, far from DJI's values (DJI's device types are below 200 apart from L1's 90742), so a
 * bridged VTOL system can report it without clashing.
 */
const GENERIC_VTOL_TYPE = 60001;

type Figures = [maxTakeoffWeight: number | null, maxSpeed: number | null, maxPayload: number | null];
const NO_FIGURES: Figures = [null, null, null];

function model(
  id: string,
  [name, nameEn]: [string, string],
  kind: DeviceKind,
  [domain, type, subType]: [number, number, number],
  [maxTakeoffWeight, maxSpeed, maxPayload]: Figures = NO_FIGURES,
  manufacturerName = 'DJI',
): DeviceModelSeed {
  const dockType = type === GENERIC_VTOL_TYPE ? DOCK_TYPE_VTOL : DOCK_TYPE_MULTIROTOR;
  return {
    id,
    name,
    nameEn,
    manufacturerName,
    kind,
    deviceType: DEVICE_TYPE_OF_KIND[kind],
    hangarType: kind === 'dock' ? dockType : null,
    domain,
    type,
    subType,
    maxTakeoffWeight,
    maxSpeed,
    maxPayload,
  };
}

const DRONE = DEVICE_DOMAIN_DRONE;
const PAYLOAD = DEVICE_DOMAIN_PAYLOAD;
const RC = DEVICE_DOMAIN_REMOTE_CONTROLLER;
const DOCK = DEVICE_DOMAIN_DOCK;

/**
 * Enum values: DJI Cloud API "Product support" (developer.dji.com, overview/product-support) and DJI's
 * Cloud API SDK `DeviceEnum`/`DeviceTypeEnum` confirm M350 0-89-0, M300 0-60-0, M30 0-67-0, M30T 0-67-1,
 * Mavic 3E 0-77-0, 3T 0-77-1, M3D 0-91-0, M3TD 0-91-1, Dock 3-1-0, Dock 2 3-2-0, H20 1-42-0, H20T 1-43-0,
 * P1 1-50-65535, M30 camera 1-52-0, RC Plus 2-119-0, RC Pro Enterprise 2-144-0. NOT confirmed from DJI's own
 * text (taken from community ports of the SDK that agree with each other): M4D 0-100-0, M4TD 0-100-1,
 * Dock 3 3-3-0, H30 1-82-0, H30T 1-83-0, L2 1-84-0.
 * Figures: maker spec sheets where known (M30 series 3.998 kg / 23 m/s; M300 9 kg, M350 9.2 kg, both 23 m/s
 * and 2.7 kg payload; Mavic 3E/3T 1.05 kg / 21 m/s; M3D/M3TD 1.41 kg / 21 m/s); left null otherwise.
 * There is no data-link model: DJI has no such domain, so a data-link device is registered without a model.
 */
export const DEVICE_MODELS: readonly DeviceModelSeed[] = [
  model('dji-m30', ['Matrice 30', 'Matrice 30'], 'aircraft', [DRONE, 67, 0], [3.998, 23, null]),
  model('dji-m30t', ['Matrice 30T', 'Matrice 30T'], 'aircraft', [DRONE, 67, 1], [3.998, 23, null]),
  model('dji-m3d', ['Matrice 3D', 'Matrice 3D'], 'aircraft', [DRONE, 91, 0], [1.41, 21, null]),
  model('dji-m3td', ['Matrice 3TD', 'Matrice 3TD'], 'aircraft', [DRONE, 91, 1], [1.41, 21, null]),
  model('dji-m4d', ['Matrice 4D', 'Matrice 4D'], 'aircraft', [DRONE, 100, 0]),
  model('dji-m4td', ['Matrice 4TD', 'Matrice 4TD'], 'aircraft', [DRONE, 100, 1]),
  model('dji-m3e', ['Mavic 3E', 'Mavic 3E'], 'aircraft', [DRONE, 77, 0], [1.05, 21, null]),
  model('dji-m3t', ['Mavic 3T', 'Mavic 3T'], 'aircraft', [DRONE, 77, 1], [1.05, 21, null]),
  model('dji-m350', ['Matrice 350 RTK', 'Matrice 350 RTK'], 'aircraft', [DRONE, 89, 0], [9.2, 23, 2.7]),
  model('dji-m300', ['Matrice 300 RTK', 'Matrice 300 RTK'], 'aircraft', [DRONE, 60, 0], [9, 23, 2.7]),
  model(
    'generic-vtol',
    ['通用垂起固定翼飞行器', 'Generic VTOL aircraft'],
    'aircraft',
    [DRONE, GENERIC_VTOL_TYPE, 0],
    NO_FIGURES,
    'Generic',
  ),
  model('dji-dock', ['大疆机场', 'DJI Dock'], 'dock', [DOCK, 1, 0]),
  model('dji-dock2', ['大疆机场 2', 'DJI Dock 2'], 'dock', [DOCK, 2, 0]),
  model('dji-dock3', ['大疆机场 3', 'DJI Dock 3'], 'dock', [DOCK, 3, 0]),
  model(
    'generic-vtol-dock',
    ['通用垂起机库', 'Generic VTOL dock'],
    'dock',
    [DOCK, GENERIC_VTOL_TYPE, 0],
    NO_FIGURES,
    'Generic',
  ),
  model('dji-h20', ['禅思 H20', 'Zenmuse H20'], 'payload', [PAYLOAD, 42, 0]),
  model('dji-h20t', ['禅思 H20T', 'Zenmuse H20T'], 'payload', [PAYLOAD, 43, 0]),
  model('dji-h30', ['禅思 H30', 'Zenmuse H30'], 'payload', [PAYLOAD, 82, 0]),
  model('dji-h30t', ['禅思 H30T', 'Zenmuse H30T'], 'payload', [PAYLOAD, 83, 0]),
  model('dji-l2', ['禅思 L2', 'Zenmuse L2'], 'payload', [PAYLOAD, 84, 0]),
  model('dji-p1', ['禅思 P1', 'Zenmuse P1'], 'payload', [PAYLOAD, 50, 65535]),
  model('dji-m30-camera', ['M30 相机', 'M30 Camera'], 'payload', [PAYLOAD, 52, 0]),
  model('dji-rc-plus', ['DJI RC Plus', 'DJI RC Plus'], 'remote_controller', [RC, 119, 0]),
  model('dji-rc-pro', ['DJI RC Pro 行业版', 'DJI RC Pro Enterprise'], 'remote_controller', [RC, 144, 0]),
];

/** The catalogue model of `id`, if any. */
export function deviceModel(id: string | null | undefined): DeviceModelSeed | undefined {
  return id ? DEVICE_MODELS.find((entry) => entry.id === id) : undefined;
}

/** DJI's `domain-type-subType` key of a model, as devices report it. */
export function modelKey(entry: Pick<DeviceModelSeed, 'domain' | 'type' | 'subType'>): string {
  return `${entry.domain}-${entry.type}-${entry.subType}`;
}
