import { z } from 'zod';
import type { DeviceCredentialKind } from '../fleet/credential.js';
import type { DeviceData, JobStatus } from '../device/thing-model.js';

/**
 * Live push (`/api/ws`): what the server tells a console about its tenant's devices, and what a console may
 * ask. The connection is opened with the access token in the `token` query parameter; without a valid one
 * it is closed at once (close code LIVE_CLOSE_UNAUTHORISED), and it is closed when that token expires
 * (LIVE_CLOSE_TOKEN_EXPIRED) unless a `renew` frame brought a fresh one. Every frame is JSON.
 *
 * Server → client frames are `{event, data, room?}` with `data` typed by LiveEvents (common/events.ts, each
 * area adding its own). Client → server frames are LiveClientMessage. A client starts following no device;
 * `subscribe` with no `sns` follows every device of the caller's tenant, with `sns` only those (of the
 * caller's tenant; others are ignored). Each subscribe answers a `snapshot` of what it now follows, then
 * changes follow as they happen. Rooms (rooms.ts): `join` and `leave` a room, answered `joined`/`left` or
 * `error` with the reason; the events published to a room carry its name in `room`.
 */

// The close codes and LIVE_OSD_MIN_INTERVAL_MS live in device-enums.ts (zod-free, for the console).

/** A running or just-finished long job on a dock (remote-debug command, flight task). */
export interface LiveJob {
  /** the job's business id: the command's `bid`, or the flight id */
  bid: string;
  /** the remote-debug method (`cover_open`...) or `flighttask_progress` */
  method: string;
  status: JobStatus;
  /** 0..100 when the device reported it */
  percent: number | null;
  /** the device's `step_key` */
  step: string | null;
  /** the device's error code when the job failed */
  result: number | null;
  /** server time (ms) the job was sent or first reported */
  startedAt: number;
  updatedAt: number;
}

/** One device as the console sees it: registry identity, online state, last telemetry, running jobs. */
export interface LiveDevice {
  sn: string;
  /** 'dock' for a dock, 'device' for a drone or other device */
  kind: DeviceCredentialKind;
  /** the id of the dock (aos_hangar) or device (aos_equipment) */
  ownerId: string;
  tenantId: string;
  online: boolean;
  /** server time (ms) of the last message from or about it; null when never heard */
  lastSeen: number | null;
  /** for a drone: the dock that relays it */
  gatewaySn: string | null;
  /** for a dock: the devices its topology lists */
  subDevices: string[];
  /** every OSD field known (merged; kept while offline as the last known values) */
  osd: DeviceData;
  osdAt: number | null;
  state: DeviceData;
  stateAt: number | null;
  /** running jobs of a dock, oldest first (a drone's jobs are its dock's) */
  jobs: LiveJob[];
}

/** Why a device went offline (mirrors the link's reasons). */
export type LiveOfflineReason = 'topology' | 'timeout' | 'disconnect' | 'gateway';

declare module '../common/events.js' {
  /** The live area's own events: the socket's own frames and the device frames of what it follows. */
  interface LiveEvents {
    /** first frame after the socket opens; the socket is in `rooms` (its tenant's and its user's) */
    hello: { tenantId: string; userId: string; serverTime: number; rooms: string[] };
    /** answer to `follow`: every device now followed, registered or heard */
    snapshot: { devices: LiveDevice[] };
    online: { sn: string; kind: DeviceCredentialKind; gatewaySn: string | null; at: number };
    offline: { sn: string; kind: DeviceCredentialKind; reason: LiveOfflineReason; at: number };
    /** merged OSD (every field known so far); coalesced per device to LIVE_OSD_MIN_INTERVAL_MS */
    osd: {
      sn: string;
      kind: DeviceCredentialKind;
      gatewaySn: string | null;
      timestamp: number;
      osd: DeviceData;
    };
    /** merged state properties; never coalesced */
    state: { sn: string; timestamp: number; state: DeviceData };
    /** a job of the dock `sn` started, progressed or ended (final statuses are sent once, then dropped) */
    job: { sn: string; job: LiveJob };
    /** any other device event (hms, notices): method and raw data */
    notice: { sn: string; method: string; timestamp: number; data: unknown };
    pong: { serverTime: number };
    /** answer to `renew`: the socket now stays open until `expiresAt` (ms) unless renewed again */
    renewed: { expiresAt: number };
    /** answer to `join`: the socket is in the room now */
    joined: { room: string };
    /** answer to `leave` */
    left: { room: string };
    /** a client frame was refused (a join: LIVE_ROOM_REFUSALS); nothing changed */
    error: { room?: string; reason: string };
  }
}

/** Client → server frames. */
export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    /** devices to follow; absent: every device of the tenant */
    sns: z.array(z.string().max(64)).max(1000).optional(),
  }),
  z.object({ type: z.literal('unsubscribe') }),
  /** join a room (`device:<sn>`, `task:<id>`...): answered `joined` or `error` */
  z.object({ type: z.literal('join'), room: z.string().max(200) }),
  z.object({ type: z.literal('leave'), room: z.string().max(200) }),
  z.object({ type: z.literal('ping') }),
  /**
   * a fresh access token of the socket's user and session (after a refresh): the socket stays open past
   * the old token's expiry; answered `renewed`, or `error` with LIVE_RENEW_REFUSED (nothing changed)
   */
  z.object({ type: z.literal('renew'), token: z.string().min(1).max(4096) }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;
