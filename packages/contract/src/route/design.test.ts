import { describe, expect, it } from 'vitest';
import { designOfWayline, planDesign, RouteDesign, waylineFileOf } from './design.js';
import { waylineFileSchema } from './wayline.js';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [116.3, 39.9],
      [116.304, 39.9],
      [116.304, 39.903],
      [116.3, 39.903],
      [116.3, 39.9],
    ],
  ],
};

function roundTrip(input: unknown, aircraftModelId = 'dji-m3e') {
  const design = RouteDesign.parse(input);
  const planned = planDesign(design);
  if (!planned.ok) throw new Error(planned.error.key);
  const file = waylineFileSchema.parse(waylineFileOf(design, planned.plan, { aircraftModelId, now: 1 }));
  const back = designOfWayline(file);
  return { design, plan: planned.plan, file, back };
}

describe('route designs', () => {
  it('a waypoint route: its waypoints, overrides and actions come back from its wayline file', () => {
    const { design, file, back, plan } = roundTrip({
      kind: 'waypoint',
      params: {
        defaults: { heightM: 80, speedMS: 8 },
        waypoints: [
          { position: [116.3, 39.9], actions: [{ type: 'takePhoto' }, { type: 'hover', hoverTimeS: 5 }] },
          { position: [116.301, 39.9], heightM: 120, speedMS: 5, turnMode: 'coordinateTurn' },
          {
            position: [116.302, 39.901],
            actions: [
              { type: 'gimbalRotate', pitchDeg: -45 },
              { type: 'zoom', focalLengthMm: 48 },
            ],
          },
        ],
      },
    });
    expect(file.template.templateType).toBe('waypoint');
    expect(file.missionConfig.droneInfo).toMatchObject({ droneEnumValue: 77, droneSubEnumValue: 0 });
    expect(file.waylines).toHaveLength(1);
    expect(file.waylines[0]!.placemarks.map((p) => p.executeHeight)).toEqual([80, 120, 80]);
    expect(file.waylines[0]!.distance).toBeCloseTo(plan.figures.lengthM, 0);
    expect(back).toEqual({ ok: true, design });
  });

  it('an area route keeps its polygon, camera, height, overlaps and direction; oblique flies five passes', () => {
    const area = roundTrip({
      kind: 'area',
      params: { polygon: square, cameraId: 'm3e-wide', heightM: 100, courseAngleDeg: 30, frontOverlap: 75 },
    });
    expect(area.file.template.mapping).toMatchObject({
      direction: 30,
      overlapH: 75,
      overlapW: 70,
      height: 100,
    });
    expect(
      area.file.waylines[0]!.placemarks.some((p) =>
        p.actionGroups.some((g) => g.actionTrigger.actionTriggerType === 'multipleDistance'),
      ),
    ).toBe(true);
    expect(area.back).toEqual({ ok: true, design: area.design });
    const oblique = roundTrip({
      kind: 'oblique',
      params: { polygon: square, cameraId: 'm3e-wide', heightM: 100, obliquePitchDeg: -45 },
    });
    expect(oblique.file.template.templateType).toBe('mapping3d');
    expect(oblique.file.waylines).toHaveLength(5);
    expect(oblique.back).toEqual({ ok: true, design: oblique.design });
  });

  it('a strip route keeps its centre line and widths', () => {
    const strip = roundTrip({
      kind: 'strip',
      params: {
        centreLine: {
          type: 'LineString',
          coordinates: [
            [116.3, 39.9],
            [116.31, 39.905],
          ],
        },
        leftWidthM: 40,
        rightWidthM: 60,
        cameraId: 'm3e-wide',
        heightM: 90,
      },
    });
    expect(strip.file.template.mapping).toMatchObject({ leftExtend: 40, rightExtend: 60 });
    expect(strip.back).toEqual({ ok: true, design: strip.design });
  });

  it('a mapping file with no camera of the catalogue has no design', () => {
    const { file } = roundTrip({
      kind: 'area',
      params: { polygon: square, cameraId: 'm3e-wide', heightM: 100 },
    });
    const strange = {
      ...file,
      missionConfig: {
        ...file.missionConfig,
        payloadInfo: [{ payloadEnumValue: 9999, payloadPositionIndex: 0 }],
        droneInfo: { droneEnumValue: 1, droneSubEnumValue: 1 },
      },
    };
    expect(designOfWayline(strange)).toEqual({ ok: false, reason: 'camera' });
  });
});
