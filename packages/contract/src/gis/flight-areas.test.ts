import { describe, expect, it } from 'vitest';
import {
  FlightAreaFileSchema,
  flightAreaFileText,
  flightAreaId,
  type FlightAreaSource,
  HMS_CODES,
  hmsText,
  parseFlightAreaId,
} from './flight-areas.js';

const square: FlightAreaSource['geometry'] = {
  type: 'Polygon',
  coordinates: [
    [
      [116.3, 39.9],
      [116.4, 39.9],
      [116.4, 40],
      [116.3, 39.9],
    ],
  ],
};

describe('custom flight areas in DJI’s file format', () => {
  it('names each area with a UUID that reads back to its kind and owner', () => {
    const id = flightAreaId('nofly', '1234567890123456789');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(parseFlightAreaId(id)).toEqual({
      kind: 'nofly',
      id64: BigInt('1234567890123456789').toString(16).padStart(16, '0'),
    });
    expect(flightAreaId('fence', '1234567890123456789')).not.toBe(id);
    expect(parseFlightAreaId(flightAreaId('fence', 'not-a-number'))?.kind).toBe('fence');
    expect(parseFlightAreaId('d275c4e1-d864-4736-8b5d-5f5882e1f0aa')).toBeNull();
  });

  it('writes the areas a dock holds as nfz and dfence features, the same bytes for the same areas', () => {
    const areas: FlightAreaSource[] = [
      {
        kind: 'fence',
        refId: '2',
        geometry: { type: 'Circle', center: [116.5, 39.95], radius: 300 },
        enabled: true,
      },
      { kind: 'nofly', refId: '1', geometry: square, enabled: false },
      { kind: 'airspace', refId: '3', geometry: square, enabled: true },
      { kind: 'flyzone', refId: '4', geometry: square, enabled: true },
    ];
    const text = flightAreaFileText(areas);
    expect(flightAreaFileText([...areas].reverse())).toBe(text);
    const file = FlightAreaFileSchema.parse(JSON.parse(text));
    expect(file.features).toHaveLength(2);
    const byId = Object.fromEntries(file.features.map((feature) => [feature.id, feature]));
    expect(byId[flightAreaId('nofly', '1')]).toEqual({
      id: flightAreaId('nofly', '1'),
      type: 'Feature',
      geofence_type: 'nfz',
      geometry: square,
      properties: { radius: 0, enable: false },
    });
    expect(byId[flightAreaId('fence', '2')]).toMatchObject({
      geofence_type: 'dfence',
      geometry: { type: 'Point', coordinates: [116.5, 39.95] },
      properties: { subType: 'Circle', radius: 300, enable: true },
    });
  });

  it('turns its HMS codes into a cause and a remedy in both languages', () => {
    const zh = hmsText(HMS_CODES.flightAreaNofly, 'zh-CN');
    const en = hmsText(HMS_CODES.flightAreaNofly, 'en-US');
    expect(zh?.cause).toContain('禁飞区');
    expect(en?.cause).toContain('no-fly zone');
    expect(en?.remedy).toMatch(/home/);
    expect(hmsText(HMS_CODES.flightAreaFence, 'en-US')?.cause).toContain('fence');
    expect(hmsText('0x00000000', 'en-US')).toBeNull();
  });
});
