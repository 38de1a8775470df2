import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  localPlane,
  planDesign,
  RouteDesign,
  translate,
  type MessageKey,
  waylineFigures,
  waylineFileOf,
  type WaylineFile,
} from '@aos/contract';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { WpmlError } from './errors.js';
import { FIGURE_TOLERANCE, readKmz, readWpmlTexts, type KmzLimits } from './read.js';
import { writeKmz } from './write.js';

const fixtures = fileURLToPath(new URL('../../../apps/server/test/fixtures/route/', import.meta.url));
const fixture = (name: string) => ({
  template: readFileSync(`${fixtures}${name}/wpmz/template.kml`, 'utf8'),
  waylines: readFileSync(`${fixtures}${name}/wpmz/waylines.wpml`, 'utf8'),
});

const kmz = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, data]) => [
          name,
          typeof data === 'string' ? Buffer.from(data) : data,
        ]),
      ),
    ),
  );

const real = fixture('m3td-tum-makeathon');
const realKmz = kmz({
  'wpmz/template.kml': real.template,
  'wpmz/waylines.wpml': real.waylines,
  'wpmz/res/': new Uint8Array(),
  'wpmz/res/dsm.tif': new Uint8Array(1234),
});

/**
 * The refusal `run` throws: a WpmlError naming `file`, with its reason and parameters. The server answers it as a
 * 400 with the message key `gis.<reason>`: every one is in the catalogue, in both languages.
 */
function refusal(run: () => unknown): { key: string; params: Record<string, string | number> } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WpmlError);
    const failed = error as WpmlError;
    expect(failed.field).toBe('file');
    const key = `gis.${failed.reason}` as MessageKey;
    expect(translate('en-US', key, failed.params)).not.toBe(key);
    expect(translate('zh-CN', key, failed.params)).not.toBe(key);
    expect(failed.message).not.toContain('undefined');
    return { key, params: failed.params };
  }
  throw new Error('not refused');
}

describe('reading a real DJI KMZ (Matrice 3TD, WPML 1.0.6, FlightHub 2 / Pilot 2)', () => {
  const { model, figures } = readKmz(realKmz);

  it('keeps the mission config, mapped to our catalogue', () => {
    expect(model.wpmlVersion).toBe('1.0.6');
    expect(model.author).toBe('Peter Schiekofer');
    expect(model.updateTime).toBe(1745678345919);
    expect(model.missionConfig).toMatchObject({
      flyToWaylineMode: 'safely',
      finishAction: 'goHome',
      exitOnRCLost: 'goContinue',
      executeRCLostAction: 'goBack',
      takeOffSecurityHeight: 20,
      globalTransitionalSpeed: 15,
      globalRTHHeight: 100,
      droneInfo: { droneEnumValue: 91, droneSubEnumValue: 1, modelId: 'dji-m3td' },
    });
    // 81-2: the M3TD's own camera, which our catalogue has no model for
    expect(model.missionConfig.payloadInfo).toEqual([
      { payloadEnumValue: 81, payloadSubEnumValue: 2, payloadPositionIndex: 0, modelId: null },
    ]);
    expect(model.resources).toEqual([{ name: 'dsm.tif', size: 1234 }]);
  });

  it('keeps the template: type, coordinate and height modes, globals, every waypoint', () => {
    const t = model.template;
    expect(t.templateType).toBe('waypoint');
    expect(t.waylineCoordinateSysParam).toMatchObject({
      coordinateMode: 'WGS84',
      heightMode: 'aboveGroundLevel',
    });
    expect(t.autoFlightSpeed).toBe(10);
    expect(t.globalHeight).toBe(20);
    expect(t.globalWaypointTurnMode).toBe('toPointAndStopWithDiscontinuityCurvature');
    expect(t.placemarks.map((p) => p.height)).toEqual([20, 20, 13.016666667, 5.76]);
    expect(t.placemarks[2]!.ellipsoidHeight).toBe(561.372723704309);
  });

  it('reads the waylines with the exact values the file states', () => {
    expect(model.waylines).toHaveLength(1);
    const line = model.waylines[0]!;
    expect(line.executeHeightMode).toBe('WGS84');
    expect(line.distance).toBe(11.0308141708374);
    expect(line.duration).toBe(24.2336845397949);
    expect(line.placemarks).toHaveLength(4);
    const third = line.placemarks[2]!;
    expect(third.position).toEqual([11.499866345, 48.189890255]);
    expect(third.executeHeight).toBe(561.372723704309);
    expect(third.waypointSpeed).toBe(10);
    expect(third.waypointHeadingParam?.waypointHeadingMode).toBe('followWayline');
    expect(third.waypointTurnParam).toEqual({
      waypointTurnMode: 'toPointAndStopWithDiscontinuityCurvature',
      waypointTurnDampingDist: 0,
    });
    expect(third.useStraightLine).toBe(true);
    expect(third.gimbalPitchAngle).toBe(0);
    const group = third.actionGroups[0]!;
    expect(group).toMatchObject({
      actionGroupId: 2,
      actionGroupStartIndex: 2,
      actionGroupEndIndex: 2,
      actionGroupMode: 'sequence',
      actionTrigger: { actionTriggerType: 'reachPoint' },
    });
    expect(group.actions.map((a) => a.actionActuatorFunc)).toEqual([
      'rotateYaw',
      'gimbalRotate',
      'zoom',
      'gimbalRotate',
      'rotateYaw',
      'gimbalRotate',
      'zoom',
      'startRecord',
      'orientedShoot',
    ]);
    expect(group.actions[3]!.params).toContainEqual(['gimbalPitchRotateAngle', '-45.2']);
    expect(group.actions[8]!.params).toContainEqual(['orientedFileMD5', '']);
  });

  it('recomputes the distance DJI wrote within 1 m or 1 %, and flags the point the repository appended', () => {
    // DJI wrote the first three placemarks (11.03 m: 4.05 m across, 6.98 m down); the fourth was appended by
    // the repository's script ~100 km away without updating distance and duration, so the whole line no
    // longer matches: exactly what the comparison is for.
    const dji = waylineFigures({
      ...model.waylines[0]!,
      placemarks: model.waylines[0]!.placemarks.slice(0, 3),
    });
    expect(Math.abs(dji.distance - 11.0308141708374)).toBeLessThanOrEqual(FIGURE_TOLERANCE.distance.metres);
    expect(dji.distance).toBeCloseTo(11.03, 1);
    expect(figures[0]).toMatchObject({
      waylineId: 0,
      points: 4,
      statedDistance: 11.0308141708374,
      statedDuration: 24.2336845397949,
      distanceMatches: false,
    });
    expect(figures[0]!.distance).toBeGreaterThan(90_000);
  });
});

/** Each element's children (names, consecutive repeats once) and the children paired by name and order. */
function structure(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as { documentElement: Node };
  return doc.documentElement;
}
interface Node {
  nodeType: number;
  localName: string;
  childNodes: ArrayLike<Node>;
}
const elements = (node: Node) => Array.from(node.childNodes).filter((child) => child.nodeType === 1);

/** Every element we write exists in DJI's file at the same place, in the same order among its siblings. */
function sameOrder(ours: Node, theirs: Node, path: string, problems: string[]): void {
  const a = elements(ours);
  const b = elements(theirs);
  let at = 0;
  const seen = new Map<string, number>();
  for (const child of a) {
    const occurrence = seen.get(child.localName) ?? 0;
    seen.set(child.localName, occurrence + 1);
    const same = b.filter((other) => other.localName === child.localName)[occurrence];
    if (!same) {
      problems.push(`${path}/${child.localName}[${occurrence}] is not in DJI's file`);
      continue;
    }
    const position = b.indexOf(same);
    if (position < at) problems.push(`${path}/${child.localName}[${occurrence}] is out of DJI's order`);
    at = Math.max(at, position);
    sameOrder(child, same, `${path}/${child.localName}`, problems);
  }
}

/**
 * The real texts less the placemark the repository's script appended (indented 4, not 6, after DJI's
 * `payloadParam`): what DJI's software wrote, to compare our element order with.
 */
const djiOnly = (text: string) => text.replace(/\n {4}<Placemark>[\s\S]*?<\/Placemark>/, '');

describe('writing KMZ', () => {
  const dji = { template: djiOnly(real.template), waylines: djiOnly(real.waylines) };
  const { model } = readWpmlTexts(dji.template, dji.waylines);

  it('writes the same route with DJI element names and order, and its namespace version', () => {
    const written = writeKmz(model);
    for (const [ours, theirs] of [
      [written.templateKml, dji.template],
      [written.waylinesWpml, dji.waylines],
    ] as const) {
      const problems: string[] = [];
      sameOrder(structure(ours), structure(theirs), 'kml', problems);
      expect(problems).toEqual([]);
      expect(ours).toContain('xmlns="http://www.opengis.net/kml/2.2"');
      expect(ours).toContain('xmlns:wpml="http://www.dji.com/wpmz/1.0.6"');
    }
  });

  it('reads back what it wrote as the same model, and the same route gives the same bytes and MD5', () => {
    const written = writeKmz(model);
    expect(model.waylines[0]!.placemarks).toHaveLength(3);
    expect(readKmz(written.data).model).toEqual(model);
    const again = writeKmz(model);
    expect(again.data.equals(written.data)).toBe(true);
    expect(written.fingerprint).toBe(createHash('md5').update(written.data).digest('hex'));
    expect(written.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('round-trips a planned 2,000-waypoint inspection route point for point, in a zip other tools read', () => {
    const plane = localPlane([116.4, 39.9]);
    const design = RouteDesign.parse({
      kind: 'waypoint',
      params: {
        defaults: { heightM: 80, speedMS: 8 },
        waypoints: Array.from({ length: 2000 }, (_, i) => ({
          position: plane.toLonLat([i * 20, 150 * Math.sin(i / 25)]),
          heightM: 60 + 20 * Math.sin(i / 40),
          speedMS: 6 + (i % 4),
          actions: [
            { type: 'rotateYaw', headingDeg: ((i * 7) % 360) - 180 },
            { type: 'gimbalRotate', pitchDeg: -30 - (i % 60) },
            { type: 'zoom', focalLengthMm: 24 + (i % 5) * 10 },
            { type: 'takePhoto' },
            ...(i % 10 === 0 ? [{ type: 'hover', hoverTimeS: 2 }] : []),
          ],
        })),
      },
    });
    const planned = planDesign(design);
    if (!planned.ok) throw new Error(planned.error.key);
    const route = waylineFileOf(design, planned.plan, { aircraftModelId: 'dji-m3td', now: 1 });
    const written = writeKmz(route);
    const back = readKmz(written.data);
    expect(back.model.waylines[0]!.placemarks).toHaveLength(2000);
    // the gimbal's yaw is written with its pitch (0 when the route has none), as DJI writes it
    const expected = route.waylines[0]!.placemarks.map((p) => ({
      ...p,
      gimbalYawAngle: p.gimbalYawAngle ?? 0,
    }));
    const line = back.model.waylines[0]!;
    line.placemarks.forEach((p, i) => expect(p, `wayline point ${i}`).toEqual(expected[i]));
    expect(line).toEqual({ ...route.waylines[0]!, placemarks: expected });
    // the template's placemarks carry no gimbal of their own (DJI's neither: the wayline's does)
    back.model.template.placemarks.forEach((p, i) =>
      expect(p, `template point ${i}`).toEqual({
        ...route.template.placemarks[i],
        gimbalPitchAngle: undefined,
        gimbalYawAngle: undefined,
      }),
    );
    expect(back.model.missionConfig).toEqual(route.missionConfig);
    expect(back.figures[0]).toMatchObject({ points: 2000, distanceMatches: true });
    // another zip reader (fflate) finds the same two files, byte for byte
    const files = unzipSync(written.data);
    expect(Object.keys(files)).toEqual(['wpmz/template.kml', 'wpmz/waylines.wpml']);
    expect(Buffer.from(files['wpmz/waylines.wpml']!).toString('utf8')).toBe(written.waylinesWpml);
    expect(Buffer.from(files['wpmz/template.kml']!).toString('utf8')).toBe(written.templateKml);
  });

  it('writes for a target aircraft with its DJI enum and namespace version, and escapes text', () => {
    const m30t = writeKmz({ ...model, author: 'a < b & c\u0001' }, { targetModelId: 'dji-m30t' });
    expect(m30t.waylinesWpml).toContain('xmlns:wpml="http://www.dji.com/wpmz/1.0.2"');
    const back = readKmz(m30t.data).model;
    expect(back.wpmlVersion).toBe('1.0.2');
    expect(back.missionConfig.droneInfo).toEqual({
      droneEnumValue: 67,
      droneSubEnumValue: 1,
      modelId: 'dji-m30t',
    });
    expect(back.author).toBe('a < b & c');
  });

  it('writes an oblique (mapping3d) area in the element order of a DJI FlightHub 2 file, and reads it back', () => {
    const design = RouteDesign.parse({
      kind: 'oblique',
      params: {
        polygon: {
          type: 'Polygon',
          coordinates: [
            [
              [116.3, 39.9],
              [116.303, 39.9],
              [116.303, 39.902],
              [116.3, 39.902],
              [116.3, 39.9],
            ],
          ],
        },
        cameraId: 'm3e-wide',
        heightM: 100,
        obliquePitchDeg: -45,
      },
    });
    const planned = planDesign(design);
    if (!planned.ok) throw new Error(planned.error.key);
    const file = waylineFileOf(design, planned.plan, { aircraftModelId: 'dji-m3e' });
    const { templateKml, data } = writeKmz(file);
    const order = [
      '<wpml:inclinedGimbalPitch>',
      '<wpml:shootType>',
      '<wpml:direction>',
      '<wpml:margin>',
      '<wpml:inclinedFlightSpeed>',
      '<wpml:orthoCameraOverlapH>',
      '<wpml:orthoCameraOverlapW>',
      '<wpml:inclinedCameraOverlapH>',
      '<wpml:inclinedCameraOverlapW>',
      '<Polygon>',
      '<wpml:height>',
    ];
    const at = order.map((tag) => templateKml.indexOf(tag));
    expect(at.every((index) => index > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const back = readKmz(data).model;
    expect(back.waylines).toHaveLength(5);
    expect(back.template.mapping).toMatchObject({ inclinedGimbalPitch: -45, overlapH: 80, overlapW: 70 });
  });

  it('writes and reads back a mapping2d area route and a strip route', () => {
    const area: WaylineFile = {
      ...model,
      wpmlVersion: '1.0.2',
      template: {
        templateType: 'mapping2d',
        templateId: 0,
        waylineCoordinateSysParam: { coordinateMode: 'WGS84', heightMode: 'relativeToStartPoint' },
        autoFlightSpeed: 8,
        globalHeight: 100,
        placemarks: [],
        mapping: {
          area: [
            [116.3, 39.9],
            [116.301, 39.9],
            [116.301, 39.901],
            [116.3, 39.9],
          ],
          direction: 30,
          margin: 0,
          overlapH: 80,
          overlapW: 70,
          shootType: 'time',
          height: 100,
        },
      },
      waylines: [
        {
          templateId: 0,
          waylineId: 0,
          executeHeightMode: 'relativeToStartPoint',
          autoFlightSpeed: 8,
          distance: 200,
          duration: 30,
          placemarks: [0, 1].map((index) => ({
            position: [116.3 + index * 0.001, 39.9] as [number, number],
            index,
            executeHeight: 100,
            waypointSpeed: 8,
            actionGroups: [],
          })),
        },
      ],
    };
    const text = writeKmz(area).templateKml;
    // DJI's order in a mapping Placemark: shooting, direction, margin, overlap, the polygon, then heights
    const order = [
      '<wpml:shootType>',
      '<wpml:direction>',
      '<wpml:margin>',
      '<wpml:overlap>',
      '<Polygon>',
      '<wpml:height>',
    ];
    expect(order.map((tag) => text.indexOf(tag))).toEqual(
      order.map((tag) => text.indexOf(tag)).sort((a, b) => a - b),
    );
    expect(text).not.toContain('<wpml:placemarks');
    const back = readKmz(writeKmz(area).data).model;
    expect(back.template).toEqual(area.template);
    expect(back.waylines).toEqual(area.waylines);
    const strip = { ...area, template: { ...area.template, templateType: 'mappingStrip' as const } };
    expect(readKmz(writeKmz(strip).data).model.template.mapping?.area).toEqual(area.template.mapping!.area);
  });
});

describe('refusing bad and hostile archives, each with a message naming what is wrong', () => {
  const read = (files: Record<string, string | Uint8Array>, limits?: Partial<KmzLimits>) => () =>
    readKmz(kmz(files), { limits });
  const both = (template = real.template, waylines = real.waylines) => ({
    'wpmz/template.kml': template,
    'wpmz/waylines.wpml': waylines,
  });

  it('not a zip', () => {
    expect(refusal(() => readKmz(Buffer.from('<kml/>'))).key).toBe('gis.kmzNotZip');
    expect(refusal(() => readKmz(Buffer.from([0x50, 0x4b, 3, 4, 0, 0]))).key).toBe('gis.zipBroken');
  });

  it('a kmz without the template or the waylines file (spec §5)', () => {
    expect(refusal(read({ 'wpmz/template.kml': real.template })).key).toBe('gis.kmzFiles');
    expect(refusal(read({ 'wpmz/waylines.wpml': real.waylines })).key).toBe('gis.kmzFiles');
    expect(refusal(read({ 'template.kml': real.template, 'waylines.wpml': real.waylines })).key).toBe(
      'gis.kmzFiles',
    );
    expect(translate('en-US', 'gis.kmzFiles')).toContain('must contain the template and waylines files');
  });

  it('path traversal and absolute paths inside', () => {
    for (const name of ['../evil.kml', 'wpmz/../../evil.kml', '/etc/passwd', 'C:/evil.kml']) {
      const failed = refusal(read({ ...both(), [name]: 'x' }));
      expect(failed.key, name).toBe('gis.zipPath');
    }
  });

  it('too many entries', () => {
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`wpmz/res/${i}.png`, 'x']));
    expect(refusal(read({ ...both(), ...many }, { maxEntries: 8 })).key).toBe('gis.zipTooLarge');
  });

  it('one file over its limit, and a zip bomb over the total', () => {
    const big = refusal(read(both(), { maxEntryBytes: 10_000 }));
    expect(big.key).toBe('gis.kmzEntryTooLarge');
    expect(big.params.name).toBe('wpmz/template.kml');
    // 12 MB of spaces deflates to ~12 kB; the inflater stops at the cap whatever the header says
    const bomb = Buffer.alloc(12 * 1024 * 1024, 0x20);
    const failed = refusal(
      read(both(real.template, real.waylines + bomb.toString()), {
        maxUnpackedBytes: 1_000_000,
        maxEntryBytes: 100 * 1024 * 1024,
      }),
    );
    expect(failed.key).toBe('gis.zipTooLarge');
    expect(refusal(() => readKmz(Buffer.alloc(100, 0x50), { limits: { maxInputBytes: 50 } })).key).toBe(
      'gis.fileTooLarge',
    );
  });

  it('XML with a DOCTYPE or entities (billion laughs, external entities)', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><kml>&b;</kml>`;
    const failed = refusal(read(both(laughs)));
    expect(failed).toEqual({ key: 'gis.wpmlRefused', params: { file: 'template.kml' } });
    const external = real.waylines.replace('<kml', '<!DOCTYPE kml SYSTEM "file:///etc/passwd">\n<kml');
    expect(refusal(read(both(real.template, external))).params.file).toBe('waylines.wpml');
  });

  it('malformed XML', () => {
    const failed = refusal(read(both(real.template.slice(0, 5000))));
    expect(failed.key).toBe('gis.wpmlBroken');
    expect(failed.params.file).toBe('template.kml');
    expect(refusal(read(both('<Document/>'))).key).toBe('gis.wpmlBroken');
  });

  it('a wrong namespace', () => {
    const other = real.waylines.replace('http://www.dji.com/wpmz/1.0.6', 'http://example.com/wpmz/1.0.6');
    const failed = refusal(read(both(real.template, other)));
    expect(failed).toMatchObject({
      key: 'gis.wpmlNamespace',
      params: { namespace: 'http://example.com/wpmz/1.0.6' },
    });
    const future = real.template.replace('wpmz/1.0.6', 'wpmz/2.0.0');
    expect(refusal(read(both(future))).key).toBe('gis.wpmlNamespace');
    const notKml = real.template.replace('http://www.opengis.net/kml/2.2', 'http://www.opengis.net/kml/2.1');
    expect(refusal(read(both(notKml))).key).toBe('gis.wpmlNamespace');
  });

  it('missing required elements, named with their path', () => {
    const noDrone = real.template.replace(/<wpml:droneInfo>[\s\S]*?<\/wpml:droneInfo>/, '');
    expect(refusal(read(both(noDrone))).params).toMatchObject({
      file: 'template.kml',
      element: 'missionConfig/droneInfo',
    });
    const noHeight = real.waylines.replace('<wpml:executeHeight>561.372723704309</wpml:executeHeight>', '');
    expect(refusal(read(both(real.template, noHeight))).params).toMatchObject({
      file: 'waylines.wpml',
      element: 'Document/Folder[0]/Placemark[2]/executeHeight',
    });
    const noFolder = real.waylines.replace(/<Folder>[\s\S]*<\/Folder>/, '');
    expect(refusal(read(both(real.template, noFolder))).params.element).toBe('Document/Folder');
    const noPoint = real.waylines.replace(/<Point>[\s\S]*?<\/Point>/, '');
    expect(refusal(read(both(real.template, noPoint))).key).toBe('gis.wpmlMissing');
  });

  it('wrong values', () => {
    const spiral = real.template.replace('>waypoint</wpml:templateType>', '>spiral</wpml:templateType>');
    expect(refusal(read(both(spiral))).params).toMatchObject({
      file: 'template.kml',
      element: 'Folder/templateType',
      value: 'spiral',
    });
    const text = real.waylines.replace(
      '<wpml:waypointSpeed>10</wpml:waypointSpeed>',
      '<wpml:waypointSpeed>fast</wpml:waypointSpeed>',
    );
    expect(refusal(read(both(real.template, text))).params).toMatchObject({ value: 'fast' });
    const far = real.waylines.replace('11.499854202,48.189925743', '211.4,48.1');
    expect(refusal(read(both(real.template, far))).key).toBe('gis.wpmlValue');
  });

  it('never crashes on garbage inside a valid zip', () => {
    for (const garbage of [
      '',
      '\u0000\u0001',
      '<',
      '<kml xmlns="http://www.opengis.net/kml/2.2"/>',
      'x'.repeat(1000),
    ]) {
      expect(refusal(read(both(garbage))).key).toMatch(/^gis\./);
    }
  });

  it('takes deeply nested unknown elements without crashing (the parser and the text walk use no recursion)', () => {
    const depth = 20_000;
    const deep = real.waylines.replace(
      '<wpml:isRisky>0</wpml:isRisky>',
      `${'<wpml:x>'.repeat(depth)}${'</wpml:x>'.repeat(depth)}<wpml:isRisky>0</wpml:isRisky>`,
    );
    expect(readKmz(kmz(both(real.template, deep))).model.waylines[0]!.placemarks).toHaveLength(4);
  });

  it('reads the texts alone too (a stored route whose KMZ was unpacked)', () => {
    expect(readWpmlTexts(`\ufeff${real.template}`, real.waylines).model.template.placemarks).toHaveLength(4);
  });
});
