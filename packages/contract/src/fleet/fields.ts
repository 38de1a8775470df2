import { z } from 'zod';
import { Id, splitIds, text } from '../common/schemas.js';
import { optionalTenantUrl } from '../common/validation.js';
import {
  alternatePairError,
  BATTERY_PERCENT_MAX,
  BATTERY_PERCENT_MIN,
  DOCK_IMAGES_MAX,
  isStreamUrl,
  RTH_ALTITUDE_MAX,
  RTH_ALTITUDE_MIN,
  SAFE_LAND_HEIGHT_MAX,
  SAFE_LAND_HEIGHT_MIN,
  SERIAL_NUMBER_PATTERN,
  ultraLowBatteryError,
} from './device-rules.js';
import { FILE_LINK } from '../resource/resource.js';

// ------------------------------------------------------------------------------------------------ field pieces

/** A number within [min, max], one message for every way it can be wrong (not a number, too small, too big). */
export function ranged(min: number, max: number, message: string, integer = false) {
  const number = z.number({ message });
  return (integer ? number.int({ message }) : number).min(min, { message }).max(max, { message });
}

/** The MQTT identity of a device or dock (see SERIAL_NUMBER_PATTERN). */
export const SerialNumber = text(64).refine((value) => SERIAL_NUMBER_PATTERN.test(value), {
  message: 'fleet.serialNumber',
});

/** A picture link: one put-file issued (`/files/...`) or any http(s) address. */
export function isImageLink(value: string): boolean {
  return FILE_LINK.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value);
}

export const OptionalImage = z
  .string()
  .trim()
  .max(500, { message: 'validation.textMax' })
  .refine((value) => value === '' || isImageLink(value), { message: 'fleet.imageLink' })
  .nullish();

/** Up to DOCK_IMAGES_MAX picture links, comma-separated; answered trimmed and without duplicates. */
export const ImageLinks = z
  .string()
  .max(DOCK_IMAGES_MAX * 501, { message: 'fleet.images' })
  .refine(
    (value) => {
      const links = splitIds(value);
      return links.length <= DOCK_IMAGES_MAX && links.every(isImageLink);
    },
    { message: 'fleet.images' },
  )
  .transform((value) => splitIds(value).join(','))
  .nullish();

/** Ids as BladeX keeps lists: comma-separated, possibly empty; answered normalized (`1,2`). */
export const OptionalIdList = z
  .string()
  .refine((value) => splitIds(value).every((part) => Id.safeParse(part).success), { message: 'fleet.ids' })
  .transform((value) => splitIds(value).join(','))
  .nullish();

export const StreamUrl = z
  .string()
  .trim()
  .max(500, { message: 'validation.textMax' })
  .refine((value) => value === '' || isStreamUrl(value), { message: 'fleet.streamUrl' })
  .nullish();

/** Spec §5 URL (http or https), optional. */
export const OptionalHttpUrl = optionalTenantUrl({ max: 500, query: true });

export const BatteryPercent = ranged(BATTERY_PERCENT_MIN, BATTERY_PERCENT_MAX, 'fleet.batteryPercent', true);
export const Longitude = ranged(-180, 180, 'fleet.longitude').nullish();
export const Latitude = ranged(-90, 90, 'fleet.latitude').nullish();
export const SafeLandHeight = ranged(
  SAFE_LAND_HEIGHT_MIN,
  SAFE_LAND_HEIGHT_MAX,
  'fleet.safeLandHeight',
  true,
);
export const RthAltitude = ranged(RTH_ALTITUDE_MIN, RTH_ALTITUDE_MAX, 'fleet.rthAltitude', true);
export const OutOfControlAction = ranged(0, 2, 'fleet.outOfControlAction', true);

export interface DockSettingsInput {
  alternateLongitude?: number | null;
  alternateLatitude?: number | null;
  lowBattery?: number | null;
  ultraLowBattery?: number | null;
}

/**
 * The cross-field rules a dock's settings obey wherever they are entered (hangar submit and basic settings):
 * the alternate landing point is both coordinates or neither, and the ultra-low battery alarm is strictly
 * below the low one. The same functions (equipment-rules.ts) serve the console.
 */
export function dockSettingsRules(value: DockSettingsInput, ctx: z.RefinementCtx): void {
  const missing = alternatePairError(value.alternateLongitude, value.alternateLatitude);
  if (missing) ctx.addIssue({ code: 'custom', path: [missing], message: 'fleet.alternatePair', input: null });
  const order = ultraLowBatteryError(value.lowBattery, value.ultraLowBattery);
  if (order) {
    ctx.addIssue({ code: 'custom', path: ['ultraLowBattery'], message: order, input: value.ultraLowBattery });
  }
}
