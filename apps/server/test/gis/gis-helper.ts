import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { formatDateTime } from '../../src/lib/time.js';
import { nextSerial, registerDrone, type Row } from '../device-helper.js';
import { as, multipartForm, send } from '../helper.js';

/** Helpers of the airspace, civil airport and takeoff/landing point tests. */

export type { Row };
export const GIS = '/api/aos-gisservice';

/** A square `size` degrees wide with its south-west corner at (west, south), closed. */
export const square = (west: number, south: number, size: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});

/** `yyyy-MM-dd HH:mm:ss` in the server's time zone, `offsetMs` from now. */
export const at = (offsetMs: number) => formatDateTime(new Date(Date.now() + offsetMs));
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A call answered 200, its data. */
export async function ok<T = Row>(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}

/** An aircraft of the caller's tenant. */
export const aircraft = (app: FastifyInstance, token: string) =>
  registerDrone(app, token, nextSerial('1581F7'));

/** A device of the caller's tenant that is not an aircraft (a data link). */
export async function dataLink(
  app: FastifyInstance,
  token: string,
): Promise<Row & { id: string; name: string }> {
  const sn = nextSerial('DL');
  return ok(
    await send(app, token, 'POST', '/api/cloud-equipment/equipment-management/add', {
      name: `Link ${sn}`,
      serialNumber: sn,
      type: 3,
    }),
  );
}

/** A file uploaded by the caller: its attachment id. */
export async function attachment(
  app: FastifyInstance,
  token: string,
  filename = 'approval.pdf',
): Promise<string> {
  const form = await multipartForm([{ name: 'file', filename, content: '%PDF-1.4 approval' }]);
  const data = await ok<{ attachId: string }>(
    await as(app, token, 'en-US').post('/api/blade-resource/oss/endpoint/upload-file', form),
  );
  return data.attachId;
}

/** A takeoff/landing point of the caller's tenant. */
export async function takeoffPoint(
  app: FastifyInstance,
  token: string,
  extra: Row = {},
): Promise<Row & { id: string }> {
  return ok(
    await send(app, token, 'POST', `${GIS}/uavairport/submit`, {
      name: 'North pad',
      longitude: 116.41,
      latitude: 39.91,
      altitude: 45,
      type: 2,
      ...extra,
    }),
  );
}

/** A GeoJSON file as a multipart form (field `file`). */
export const geoJsonFile = (content: unknown, filename = 'range.geojson') =>
  multipartForm([
    {
      name: 'file',
      filename,
      type: 'application/geo+json',
      content: typeof content === 'string' ? content : JSON.stringify(content),
    },
  ]);
