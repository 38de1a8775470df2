import { z } from 'zod';
import { Id, num } from '../common/schemas.js';
import { DOCK_ACTIONS, DRONE_ACTIONS, POD_ACTIONS, type PodAction } from './actions.js';

export * from './actions.js';

/** Request bodies of the remote-control calls (spec §7); the actions and their predicates are actions.ts. */

// ------------------------------------------------------------------------------------------------ requests

const SerialNumberRef = z.string().trim().min(1).max(64);
const Coordinate = (min: number, max: number) => num(z.number().min(min).max(max));

/** hangarControl / vtolHangarControl (POST body): the dock by `id` or `serialNumber`, and the action. */
export const DockControlBody = z
  .object({
    id: Id.optional(),
    serialNumber: SerialNumberRef.optional(),
    action: z.enum(DOCK_ACTIONS, { message: 'validation.invalid' }),
  })
  .refine((value) => value.id || value.serialNumber, { message: 'validation.required', path: ['id'] });
export type DockControlBody = z.infer<typeof DockControlBody>;

/**
 * uavControl (POST body): the aircraft by `id` or `serialNumber`, the action, and for `takeoff` and `fly_to`
 * the target point (WGS84) and height (m, relative to the take-off point).
 */
export const DroneControlBody = z
  .object({
    id: Id.optional(),
    serialNumber: SerialNumberRef.optional(),
    action: z.enum(DRONE_ACTIONS, { message: 'validation.invalid' }),
    longitude: Coordinate(-180, 180).optional(),
    latitude: Coordinate(-90, 90).optional(),
    height: num(z.number().min(2).max(1500).optional()),
    /** m/s */
    maxSpeed: num(z.number().min(1).max(15).optional()),
  })
  .superRefine((value, ctx) => {
    if (!value.id && !value.serialNumber)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['id'] });
    if (value.action === 'takeoff' || value.action === 'fly_to') {
      for (const field of ['longitude', 'latitude', 'height'] as const) {
        if (value[field] === undefined)
          ctx.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
      }
    }
  });
export type DroneControlBody = z.infer<typeof DroneControlBody>;

/**
 * podControl (POST body): the aircraft by `id` or `serialNumber`, the action and its values: `gimbal`
 * takes pitchSpeed/yawSpeed (degrees per second, applied for one second), `zoom` zoomFactor, `camera_mode`
 * cameraMode (0 photo, 1 video), `lens` wide/zoom/ir, `gimbal_reset` resetMode (0 recentre, 1 face down).
 */
export const PodControlBody = z
  .object({
    id: Id.optional(),
    serialNumber: SerialNumberRef.optional(),
    action: z.enum(POD_ACTIONS, { message: 'validation.invalid' }),
    pitchSpeed: num(z.number().min(-90).max(90).optional()),
    yawSpeed: num(z.number().min(-90).max(90).optional()),
    zoomFactor: num(z.number().min(1).max(200).optional()),
    cameraMode: num(z.number().int().min(0).max(1).optional()),
    lens: z.enum(['wide', 'zoom', 'ir']).optional(),
    resetMode: num(z.number().int().min(0).max(1).optional()),
  })
  .superRefine((value, ctx) => {
    if (!value.id && !value.serialNumber)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['id'] });
    const needs: Partial<Record<PodAction, keyof typeof value>> = {
      zoom: 'zoomFactor',
      camera_mode: 'cameraMode',
      lens: 'lens',
    };
    const field = needs[value.action];
    if (field && value[field] === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
    if (value.action === 'gimbal' && value.pitchSpeed === undefined && value.yawSpeed === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['pitchSpeed'] });
  });
export type PodControlBody = z.infer<typeof PodControlBody>;

// ------------------------------------------------------------------------------------------------ answers

/** What a control call answers (ControlResult). */
export const ControlResultSchema = z.object({
  gatewaySn: z.string(),
  action: z.string(),
  method: z.string(),
  bid: z.string(),
  output: z.unknown(),
});

const RefusalSchema = z
  .object({
    key: z.string(),
    params: z.record(z.string(), z.string()).optional(),
    status: z.union([z.literal(400), z.literal(403), z.literal(404)]),
  })
  .nullable();

/** getPodControlStatus (PodControlStatus). */
export const PodControlStatusSchema = z.object({
  serialNumber: z.string(),
  poweredOn: z.boolean(),
  camera: z.object({
    payloadIndex: z.string().nullable(),
    cameraMode: z.number().nullable(),
    recording: z.boolean(),
    zoomFactor: z.number().nullable(),
    gimbalPitch: z.number().nullable(),
    gimbalYaw: z.number().nullable(),
    lens: z.string().nullable(),
  }),
  refusals: z.record(z.string(), RefusalSchema),
});

/** getOnlineUavList (OnlineDrone[]). */
export const OnlineDroneSchema = z.object({
  id: Id,
  name: z.string(),
  serialNumber: z.string(),
  hangarSerialNumber: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  elevation: z.number().nullable(),
  heading: z.number().nullable(),
  horizontalSpeed: z.number().nullable(),
  batteryPercent: z.number().nullable(),
  modeCode: z.number().nullable(),
});

/** getPodControlStatus query: the aircraft by `id` or `serialNumber`. */
export const DroneRefQuery = z
  .object({ id: Id.optional(), serialNumber: SerialNumberRef.optional() })
  .refine((value) => value.id || value.serialNumber, { message: 'validation.required', path: ['id'] });
