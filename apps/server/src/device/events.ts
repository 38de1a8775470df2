import type { DeviceData, JobEvent } from '@aos/contract';
import type { DeviceIdentity } from './directory.js';

/**
 * The events of the device link, for live push (WebSocket) and the command layer. Every payload names the
 * device and its tenant, so a subscriber can route it to the tenant's rooms without another lookup.
 */
export type DeviceRef = DeviceIdentity;

/** Why a device went offline. */
export type OfflineReason =
  /** its gateway's topology no longer lists it (the drone powered off) */
  | 'topology'
  /** nothing from it for DEVICE_OFFLINE_MS */
  | 'timeout'
  /** its last MQTT connection closed (embedded broker) */
  | 'disconnect'
  /** its gateway went offline */
  | 'gateway';

/** The model a gateway reports for itself or a sub-device in `update_topo`. */
export interface ReportedModel {
  domain: number | null;
  type: number;
  subType: number;
}

export interface DeviceOnlineEvent {
  device: DeviceRef;
  /** the dock it is attached to, for a drone listed in a dock's topology */
  gatewaySn: string | null;
}

export interface DeviceOfflineEvent {
  device: DeviceRef;
  reason: OfflineReason;
}

export interface DeviceOsdEvent {
  device: DeviceRef;
  gatewaySn: string | null;
  /** the device's timestamp (ms) */
  timestamp: number;
  /** the fields of this message */
  data: DeviceData;
  /** every field known so far (docks send their OSD in several partial messages) */
  osd: DeviceData;
}

export interface DeviceStateEvent {
  device: DeviceRef;
  timestamp: number;
  data: DeviceData;
  state: DeviceData;
}

export interface DeviceEventEvent {
  /** the gateway whose `events` topic carried it */
  device: DeviceRef;
  method: string;
  tid: string;
  /** the business id: a command's progress events carry the command's `bid` */
  bid: string;
  timestamp: number;
  data: unknown;
  /** the job's status and progress, for remote-debug methods and `flighttask_progress` */
  job: JobEvent | null;
}

export interface DeviceLinkEvents {
  online: [DeviceOnlineEvent];
  offline: [DeviceOfflineEvent];
  osd: [DeviceOsdEvent];
  state: [DeviceStateEvent];
  event: [DeviceEventEvent];
}
