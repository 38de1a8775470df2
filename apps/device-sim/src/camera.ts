import { SIM_RESULT } from './codes.js';
import { clamp, round } from './random.js';

/** The gimbal's mechanical range (degrees) and the camera's zoom range. */
export const GIMBAL_LIMITS = { pitchMin: -90, pitchMax: 35, yawMin: -90, yawMax: 90 } as const;
export const ZOOM_LIMITS = { min: 1, max: 56 } as const;
export const LENSES = ['wide', 'zoom', 'ir'] as const;
export type Lens = (typeof LENSES)[number];

/** The camera methods (podControl) the simulated payload answers. */
export const CAMERA_METHODS = [
  'camera_screen_drag',
  'gimbal_reset',
  'camera_focal_length_set',
  'camera_photo_take',
  'camera_recording_start',
  'camera_recording_stop',
  'camera_mode_switch',
  'live_lens_change',
] as const;

export interface CommandResult {
  result: number;
  output?: Record<string, unknown>;
}

type Data = Record<string, unknown>;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The aircraft's gimbal camera: pitch and yaw within the gimbal's range, zoom, photo or video mode,
 * recording, the live lens. Its OSD is DJI's `payloads[]` and `cameras[]`.
 */
export class SimCamera {
  pitch = 0;
  yaw = 0;
  zoom = 1;
  /** 0 photo, 1 video (DJI also has 2 low light, 3 panorama) */
  cameraMode = 0;
  recording = false;
  lens: Lens = 'wide';
  photos = 0;
  /** simulated seconds of the current recording */
  recordSeconds = 0;
  private drag: { pitchSpeed: number; yawSpeed: number; remaining: number } | null = null;

  constructor(readonly payloadIndex: string) {}

  isCameraMethod(method: string): boolean {
    return (CAMERA_METHODS as readonly string[]).includes(method);
  }

  /** Apply a camera method; `onStorage` is told of the bytes a photo or recording writes. */
  handle(method: string, data: Data): CommandResult {
    const index = data.payload_index;
    if (index !== undefined && String(index) !== this.payloadIndex) {
      return { result: SIM_RESULT.NO_SUCH_PAYLOAD };
    }
    switch (method) {
      case 'camera_screen_drag': {
        const pitchSpeed = num(data.pitch_speed) ?? 0;
        const yawSpeed = num(data.yaw_speed) ?? 0;
        if (Math.abs(pitchSpeed) > 90 || Math.abs(yawSpeed) > 90)
          return { result: SIM_RESULT.INVALID_PARAMETER };
        // DJI applies a drag for a short moment; the console sends degrees per second for one second.
        this.drag = { pitchSpeed, yawSpeed, remaining: 1 };
        return { result: SIM_RESULT.OK };
      }
      case 'gimbal_reset': {
        const mode = num(data.reset_mode) ?? 0;
        if (![0, 1, 2, 3].includes(mode)) return { result: SIM_RESULT.INVALID_PARAMETER };
        this.drag = null;
        // 0 recentre, 1 face down, 2 recentre yaw only, 3 pitch down only
        if (mode === 0 || mode === 2) this.yaw = 0;
        if (mode === 0) this.pitch = 0;
        if (mode === 1 || mode === 3) this.pitch = GIMBAL_LIMITS.pitchMin;
        if (mode === 1) this.yaw = 0;
        return { result: SIM_RESULT.OK };
      }
      case 'camera_focal_length_set': {
        const zoom = num(data.zoom_factor);
        if (zoom === undefined || zoom < ZOOM_LIMITS.min || zoom > 200)
          return { result: SIM_RESULT.INVALID_PARAMETER };
        this.zoom = clamp(zoom, ZOOM_LIMITS.min, ZOOM_LIMITS.max);
        return { result: SIM_RESULT.OK };
      }
      case 'camera_photo_take':
        this.photos += 1;
        return { result: SIM_RESULT.OK, output: { photo_count: this.photos } };
      case 'camera_recording_start':
        if (this.recording) return { result: SIM_RESULT.ALREADY };
        this.recording = true;
        this.cameraMode = 1;
        this.recordSeconds = 0;
        return { result: SIM_RESULT.OK };
      case 'camera_recording_stop':
        if (!this.recording) return { result: SIM_RESULT.ALREADY };
        this.recording = false;
        return { result: SIM_RESULT.OK, output: { record_time: Math.round(this.recordSeconds) } };
      case 'camera_mode_switch': {
        const mode = num(data.camera_mode);
        if (mode === undefined || ![0, 1, 2, 3].includes(mode))
          return { result: SIM_RESULT.INVALID_PARAMETER };
        if (this.recording && mode !== 1) return { result: SIM_RESULT.ALREADY };
        this.cameraMode = mode;
        return { result: SIM_RESULT.OK };
      }
      case 'live_lens_change': {
        const lens = data.video_type;
        if (typeof lens !== 'string' || !(LENSES as readonly string[]).includes(lens))
          return { result: SIM_RESULT.INVALID_PARAMETER };
        this.lens = lens as Lens;
        return { result: SIM_RESULT.OK };
      }
      default:
        return { result: SIM_RESULT.UNKNOWN_METHOD };
    }
  }

  /** Advance a running drag and a recording by `dtSec` simulated seconds. */
  step(dtSec: number): void {
    if (this.recording) this.recordSeconds += dtSec;
    const drag = this.drag;
    if (!drag) return;
    const seconds = Math.min(dtSec, drag.remaining);
    this.pitch = clamp(
      this.pitch + drag.pitchSpeed * seconds,
      GIMBAL_LIMITS.pitchMin,
      GIMBAL_LIMITS.pitchMax,
    );
    this.yaw = clamp(this.yaw + drag.yawSpeed * seconds, GIMBAL_LIMITS.yawMin, GIMBAL_LIMITS.yawMax);
    drag.remaining -= seconds;
    if (drag.remaining <= 1e-9) this.drag = null;
  }

  /** The camera when the aircraft powers off: recording stops, the gimbal rests. */
  powerOff(): void {
    this.recording = false;
    this.drag = null;
  }

  osd() {
    return {
      payloads: [
        {
          payload_index: this.payloadIndex,
          gimbal_pitch: round(this.pitch, 1),
          gimbal_yaw: round(this.yaw, 1),
          gimbal_roll: 0,
          zoom_factor: round(this.zoom, 1),
        },
      ],
      cameras: [
        {
          payload_index: this.payloadIndex,
          camera_mode: this.cameraMode,
          recording_state: this.recording ? 1 : 0,
          record_time: Math.round(this.recordSeconds),
          zoom_factor: round(this.zoom, 1),
          lens: this.lens,
          photo_count: this.photos,
        },
      ],
    };
  }
}
