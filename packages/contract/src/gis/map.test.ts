import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ElementAdd, MapMarkSubmit, markAsElement } from './map.js';
import { OIL_LAYERS, OilAttributes, OilFeatureSubmit } from './oil.js';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};
const point = { type: 'Point', coordinates: [116, 39] };
const line = {
  type: 'LineString',
  coordinates: [
    [116, 39],
    [117, 40],
  ],
};

describe('marks and DJI elements', () => {
  it("takes only the kind's geometry type, with the kind's message", () => {
    expect(messagesOf(MapMarkSubmit.point, { dirId: '1', name: 'p', geometry: line })).toEqual([
      'geometry: gis.pointRequired',
    ]);
    expect(messagesOf(MapMarkSubmit.line, { dirId: '1', name: 'l', geometry: point })).toEqual([
      'geometry: gis.lineRequired',
    ]);
    expect(messagesOf(MapMarkSubmit.polygon, { dirId: '1', name: 'g', geometry: line })).toEqual([
      'geometry: gis.polygonRequired',
    ]);
    const open = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      ],
    };
    const parsed = MapMarkSubmit.polygon.parse({ dirId: '1', name: 'g', geometry: open });
    expect(parsed.geometry.coordinates[0]).toHaveLength(4);
  });

  it('matches an element resource type to its geometry (0 pin, 1 line, 2 polygon)', () => {
    const element = (type: number, geometry: object) => ({
      group_id: '1',
      name: 'e',
      resource: { type, content: { type: 'Feature', geometry } },
    });
    expect(messagesOf(ElementAdd, element(0, point))).toEqual([]);
    expect(messagesOf(ElementAdd, element(1, line))).toEqual([]);
    expect(messagesOf(ElementAdd, element(0, line))).toEqual([
      'resource.content.geometry: gis.pointRequired',
    ]);
    expect(messagesOf(ElementAdd, element(5, point))).toEqual(['resource.type: gis.elementType']);
    const mark = {
      id: '7',
      name: 'm',
      kind: 'line' as const,
      color: '#2D8CF0',
      clampToGround: true,
      geometry: line as never,
      createTime: new Date(1_000),
      updateTime: new Date(2_000),
      createUserName: 'admin',
    };
    expect(markAsElement(mark)).toEqual({
      id: '7',
      name: 'm',
      create_time: 1_000,
      update_time: 2_000,
      resource: {
        type: 1,
        user_name: 'admin',
        content: { type: 'Feature', properties: { color: '#2D8CF0', clampToGround: true }, geometry: line },
      },
    });
  });
});

describe('oil-field layers', () => {
  it('lists the nine layers of spec §3 with one path each: points for sites, lines for networks', () => {
    expect(OIL_LAYERS.map((entry) => entry.layer)).toEqual([
      'oilwellpoint',
      'oilstoragetank',
      'oilmeasurementstation',
      'oilstationstorage',
      'oilpowerequipment',
      'oilline',
      'oilroad',
      'oilpowerline',
      'oilgaswellpoint',
    ]);
    const lines = OIL_LAYERS.filter((entry) => entry.geometry === 'LineString').map((entry) => entry.layer);
    expect(lines).toEqual(['oilline', 'oilroad', 'oilpowerline']);
    expect(messagesOf(OilFeatureSubmit.oilroad, { name: 'r', geometry: point })).toEqual([
      'geometry: gis.lineRequired',
    ]);
  });

  it('keeps attributes to 50 text or number values', () => {
    expect(messagesOf(OilAttributes, { depth: 1200, crew: 'A' })).toEqual([]);
    expect(messagesOf(OilAttributes, { flag: true })).toEqual(['flag: gis.attributeValue']);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, index]));
    expect(messagesOf(OilAttributes, many)).toEqual([': gis.attributesMax']);
  });
});
