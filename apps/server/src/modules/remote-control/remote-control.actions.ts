import { randomUUID } from 'node:crypto';
import type {
  DockAction,
  DockControlBody,
  DroneAction,
  DroneControlBody,
  PodAction,
  PodControlBody,
  RemoteActionName,
} from '@aos/contract';
import type { DockRow } from './remote-control.registry.js';

/** The request body of an action's call: hangarControl, uavControl or podControl. */
export type BodyOf<A extends RemoteActionName> = A extends DockAction
  ? DockControlBody
  : A extends DroneAction
    ? DroneControlBody
    : PodControlBody;

/** What an action's call knows when it sends: the dock (its settings) and the drone's camera, if any. */
export interface PerformTarget {
  dock: DockRow;
  /** the camera's payload index (`<type>-<subtype>-<gimbal>`), for camera actions */
  payloadIndex: string | null;
}

/**
 * How an action is performed: the DJI service it calls (PROTOCOLS.md §2), with the data it sends, and, for
 * a long job, the method its progress events carry (the live hub shows the job from 'sent' to its end).
 */
export interface Perform<A extends RemoteActionName> {
  method: string;
  /** the job's method in the progress events; null for a command that acts at once */
  job: string | null;
  data(body: BodyOf<A>, target: PerformTarget): Record<string, unknown>;
}

const nothing = () => ({});

/** A remote-debug method: the action's own name, and a long job when the dock reports progress. */
const debug = (action: DockAction, long: boolean): Perform<DockAction> => ({
  method: action,
  job: long ? action : null,
  data: nothing,
});

const camera = (
  method: string,
  data: (body: PodControlBody, payloadIndex: string) => Record<string, unknown> = () => ({}),
): Perform<PodAction> => ({
  method,
  job: null,
  data: (body, target) => ({ payload_index: target.payloadIndex, ...data(body, target.payloadIndex!) }),
});

/**
 * Every action of the contract's REMOTE_ACTIONS and what it sends; the contract decides whether it may be
 * sent now (remoteActionRefusal), this table how.
 */
export const PERFORM: { readonly [A in RemoteActionName]: Perform<A> } = {
  debug_mode_open: debug('debug_mode_open', false),
  debug_mode_close: debug('debug_mode_close', false),
  cover_open: debug('cover_open', true),
  cover_close: debug('cover_close', true),
  putter_open: debug('putter_open', true),
  putter_close: debug('putter_close', true),
  charge_open: debug('charge_open', true),
  charge_close: debug('charge_close', true),
  drone_open: debug('drone_open', true),
  drone_close: debug('drone_close', true),
  supplement_light_open: debug('supplement_light_open', false),
  supplement_light_close: debug('supplement_light_close', false),
  device_reboot: debug('device_reboot', true),

  takeoff: {
    method: 'takeoff_to_point',
    job: 'takeoff_to_point_progress',
    data: (body: DroneControlBody, { dock }) => ({
      flight_id: randomUUID(),
      target_latitude: body.latitude,
      target_longitude: body.longitude,
      target_height: body.height,
      security_takeoff_height: Math.max(20, Math.min(body.height!, 120)),
      rth_altitude: dock.rthAltitude,
      rc_lost_action: 2,
      exit_wayline_when_rc_lost: 0,
      out_of_control_action: dock.outOfControlAction,
      max_speed: body.maxSpeed ?? 10,
    }),
  },
  fly_to: {
    method: 'fly_to_point',
    job: 'fly_to_point_progress',
    data: (body: DroneControlBody) => ({
      fly_to_id: randomUUID(),
      max_speed: body.maxSpeed ?? 10,
      points: [{ latitude: body.latitude, longitude: body.longitude, height: body.height }],
    }),
  },
  return_home: { method: 'return_home', job: null, data: nothing },
  pause: { method: 'flighttask_pause', job: null, data: nothing },
  resume: { method: 'flighttask_recovery', job: null, data: nothing },
  emergency_stop: { method: 'drone_emergency_stop', job: null, data: nothing },

  gimbal: camera('camera_screen_drag', (body) => ({
    locked: false,
    pitch_speed: body.pitchSpeed ?? 0,
    yaw_speed: body.yawSpeed ?? 0,
  })),
  gimbal_reset: camera('gimbal_reset', (body) => ({ reset_mode: body.resetMode ?? 0 })),
  zoom: camera('camera_focal_length_set', (body) => ({ camera_type: 'zoom', zoom_factor: body.zoomFactor })),
  photo: camera('camera_photo_take'),
  record_start: camera('camera_recording_start'),
  record_stop: camera('camera_recording_stop'),
  camera_mode: camera('camera_mode_switch', (body) => ({ camera_mode: body.cameraMode })),
  lens: {
    method: 'live_lens_change',
    job: null,
    data: (body: PodControlBody, target) => ({
      video_id: `${target.payloadIndex}/normal-0`,
      video_type: body.lens,
    }),
  },
};
