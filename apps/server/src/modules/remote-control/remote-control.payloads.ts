import { randomUUID } from 'node:crypto';
import type { PodControlBody, UavControlBody } from '@aos/contract';
import type { DockRow } from './remote-control.registry.js';

/** The DJI payload of a drone command. */
export function uavData(body: UavControlBody, dock: DockRow): Record<string, unknown> {
  const maxSpeed = body.maxSpeed ?? 10;
  switch (body.action) {
    case 'takeoff':
      return {
        flight_id: randomUUID(),
        target_latitude: body.latitude,
        target_longitude: body.longitude,
        target_height: body.height,
        security_takeoff_height: Math.max(20, Math.min(body.height!, 120)),
        rth_altitude: dock.rthAltitude,
        rc_lost_action: 2,
        exit_wayline_when_rc_lost: 0,
        out_of_control_action: dock.outOfControlAction,
        max_speed: maxSpeed,
      };
    case 'fly_to':
      return {
        fly_to_id: randomUUID(),
        max_speed: maxSpeed,
        points: [{ latitude: body.latitude, longitude: body.longitude, height: body.height }],
      };
    default:
      return {};
  }
}

/** The DJI payload of a camera command. */
export function podData(body: PodControlBody, payloadIndex: string): Record<string, unknown> {
  const base = { payload_index: payloadIndex };
  switch (body.action) {
    case 'gimbal':
      return { ...base, locked: false, pitch_speed: body.pitchSpeed ?? 0, yaw_speed: body.yawSpeed ?? 0 };
    case 'gimbal_reset':
      return { ...base, reset_mode: body.resetMode ?? 0 };
    case 'zoom':
      return { ...base, camera_type: 'zoom', zoom_factor: body.zoomFactor };
    case 'camera_mode':
      return { ...base, camera_mode: body.cameraMode };
    case 'lens':
      return { video_id: `${payloadIndex}/normal-0`, video_type: body.lens };
    default:
      return base;
  }
}
