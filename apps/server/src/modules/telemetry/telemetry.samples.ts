import { type DeviceData, isAirborneMode, type TelemetryKind } from '@aos/contract';
import type { DeviceOsdEvent } from '../../device/events.js';

/** One row of aos_telemetry_sample before it has an id. */
export interface SampleRow {
  tenantId: string;
  serialNumber: string;
  kind: TelemetryKind;
  ownerId: string;
  gatewaySn: string | null;
  at: Date;
  deviceTime: Date | null;
  longitude: number | null;
  latitude: number | null;
  height: number | null;
  elevation: number | null;
  heading: number | null;
  horizontalSpeed: number | null;
  verticalSpeed: number | null;
  batteryPercent: number | null;
  modeCode: number | null;
  trackId: string | null;
  osd: DeviceData;
  /** the sampling period `at` falls in (periodOf) */
  period: number;
}

/** At most one sample per period and device: a drone once a second, a dock once every 10 s. */
export const SAMPLE_PERIOD_MS: Record<TelemetryKind, number> = { device: 1000, dock: 10_000 };

/** The sampling period a time falls in, for a device of `kind`: unique per device among stored samples. */
export const periodOf = (kind: TelemetryKind, ms: number): number => Math.floor(ms / SAMPLE_PERIOD_MS[kind]);

const TRACK_ID = /^[\w.:-]{1,64}$/;
// Device clocks outside these years are wrong; PostgreSQL would refuse the far ones and fail the batch.
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const int32 = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 2_147_483_647 ? value : null;

const coordinate = (value: unknown, limit: number): number | null => {
  const number = num(value);
  return number !== null && Math.abs(number) <= limit ? number : null;
};

/**
 * The row a device's OSD makes, received at `at`. The device's merged OSD is used (a dock sends its OSD in
 * partial messages). A drone's sample belongs to a flight (`trackId`) only while its mode is airborne, it
 * reports a track id and a position.
 */
export function sampleOf(event: DeviceOsdEvent, at: Date): SampleRow {
  const { device, osd } = event;
  const drone = device.kind === 'device';
  const modeCode = int32(osd.mode_code);
  const longitude = coordinate(osd.longitude, 180);
  const latitude = coordinate(osd.latitude, 90);
  const battery = drone ? (osd.battery as { capacity_percent?: unknown } | undefined) : undefined;
  const trackId =
    drone &&
    isAirborneMode(modeCode) &&
    longitude !== null &&
    latitude !== null &&
    typeof osd.track_id === 'string' &&
    TRACK_ID.test(osd.track_id)
      ? osd.track_id
      : null;
  return {
    tenantId: device.tenantId,
    serialNumber: device.serialNumber,
    kind: device.kind,
    ownerId: device.ownerId,
    gatewaySn: event.gatewaySn,
    at,
    deviceTime:
      typeof event.timestamp === 'number' && event.timestamp >= EARLIEST && event.timestamp < LATEST
        ? new Date(event.timestamp)
        : null,
    longitude,
    latitude,
    height: num(osd.height),
    elevation: num(osd.elevation),
    heading: num(osd.attitude_head),
    horizontalSpeed: num(osd.horizontal_speed),
    verticalSpeed: num(osd.vertical_speed),
    batteryPercent: num(battery?.capacity_percent),
    modeCode,
    trackId,
    osd: jsonbSafe(osd),
    period: periodOf(device.kind, at.getTime()),
  };
}

/** PostgreSQL's jsonb refuses the NUL character in strings: drop it (only ever sent by a broken device). */
function jsonbSafe(osd: DeviceData): DeviceData {
  return JSON.stringify(osd).includes('\\u0000') ? (withoutNul(osd) as DeviceData) : osd;
}

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replaceAll('\u0000', ''), withoutNul(item)]),
    );
  return value;
}
