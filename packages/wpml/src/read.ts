import { isAscii } from 'node:buffer';
import {
  droneModelOf,
  payloadModelOf,
  waylineFigures,
  waylineFileSchema,
  WPML_TEMPLATE_TYPES,
  type WaylineFile,
  type WplPosition,
} from '@aos/contract';
import { WpmlError, wpmlError } from './errors.js';
import { formatBytes, looksLikeZip, ZipReader } from './zip.js';
import { compileCheck } from './check.js';
import { children, parseWpml, WpmlReader, type XmlElement } from './xml.js';

/**
 * Reading a DJI KMZ (WPML 1.0.x, design/PROTOCOLS.md §3) into the contract's wayline model. The archive is read
 * with the defensive zip reader (./zip.ts, shared with the server's GIS area files) (caps while inflating, unsafe names refused); both
 * `wpmz/template.kml` and `wpmz/waylines.wpml` are required (spec §5 "Route kmz must contain the template and
 * waylines files"), `wpmz/res/*` is listed by name and size. Every refusal is a `WpmlError` (the server's 400 naming `file`
 * with a `gis.kmz*` / `gis.wpml*` / `gis.zip*` message); nothing is written anywhere.
 */

export const KMZ_LIMITS = {
  /** the KMZ as uploaded: a 2,000-waypoint route with actions is about 5 MB of XML, 0.5 MB zipped */
  maxInputBytes: 20 * 1024 * 1024,
  /** everything inflated (the two XML files; res/ entries are listed, not inflated) */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** one XML file, inflated */
  maxEntryBytes: 30 * 1024 * 1024,
  /** entries in the archive (DJI's have 2 or 3) */
  maxEntries: 200,
};
export type KmzLimits = typeof KMZ_LIMITS;

export const TEMPLATE_ENTRY = 'wpmz/template.kml';
export const WAYLINES_ENTRY = 'wpmz/waylines.wpml';

/**
 * How close our recomputed figures must be to the file's own. Distance: DJI states the 3-D polyline length,
 * which we recompute to within 1 m or 1 %. Duration: DJI adds acceleration, braking at stop-type turns and
 * action times we cannot know, so ours is an estimate compared loosely.
 */
export const FIGURE_TOLERANCE = {
  distance: { metres: 1, ratio: 0.01 },
  duration: { seconds: 30, ratio: 0.5 },
};

export interface WaylineFigures {
  waylineId: number;
  points: number;
  /** as the file states them (undefined when it does not) */
  statedDistance?: number;
  statedDuration?: number;
  /** recomputed */
  distance: number;
  duration: number;
  distanceMatches: boolean | null;
  durationMatches: boolean | null;
}

export interface KmzReadResult {
  model: WaylineFile;
  figures: WaylineFigures[];
}

function within(stated: number | undefined, ours: number, absolute: number, ratio: number): boolean | null {
  if (stated === undefined) return null;
  return Math.abs(stated - ours) <= Math.max(absolute, Math.abs(stated) * ratio);
}

export function readKmz(data: Buffer, options: { limits?: Partial<KmzLimits> } = {}): KmzReadResult {
  return neverCrash(() => readKmzUnguarded(data, options));
}

/**
 * A file no rule foresaw (a parser's own failure, nesting deep enough to exhaust the stack) is still the
 * sender's file at fault: a 400 naming it, never a 500 (as gis/exchange/read.ts does).
 */
function neverCrash<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof WpmlError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw wpmlError('fileBroken', { reason: reason.split('\n')[0]!.slice(0, 200) });
  }
}

function readKmzUnguarded(data: Buffer, options: { limits?: Partial<KmzLimits> }): KmzReadResult {
  const limits = { ...KMZ_LIMITS, ...options.limits };
  if (data.length > limits.maxInputBytes) {
    throw wpmlError('fileTooLarge', { limit: formatBytes(limits.maxInputBytes) });
  }
  if (!looksLikeZip(data)) throw wpmlError('kmzNotZip');
  const zip = new ZipReader(data, limits);
  const byName = new Map(zip.entries.map((entry) => [entry.name.replace(/\\/g, '/'), entry]));
  const templateEntry = byName.get(TEMPLATE_ENTRY);
  const waylinesEntry = byName.get(WAYLINES_ENTRY);
  if (!templateEntry || !waylinesEntry) throw wpmlError('kmzFiles');
  for (const entry of [templateEntry, waylinesEntry]) {
    if (entry.size > limits.maxEntryBytes) {
      throw wpmlError('kmzEntryTooLarge', {
        name: entry.name,
        limit: formatBytes(limits.maxEntryBytes),
      });
    }
  }
  const resources = zip.entries
    .filter((entry) => entry.name.startsWith('wpmz/res/') && !entry.name.endsWith('/'))
    .map((entry) => ({ name: entry.name.slice('wpmz/res/'.length), size: entry.size }));
  const template = decodeText(zip.read(templateEntry));
  const waylines = decodeText(zip.read(waylinesEntry));
  return readWpmlTexts(template, waylines, resources);
}

/** UTF-8 bytes as text; pure ASCII (DJI's files, ours) decoded byte for byte, which is the same and faster. */
function decodeText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** The two texts (already out of the archive) → the model and the figures. */
export function readWpmlTexts(
  templateText: string,
  waylinesText: string,
  resources: { name: string; size: number }[] = [],
): KmzReadResult {
  return neverCrash(() => readTexts(templateText, waylinesText, resources));
}

function readTexts(
  templateText: string,
  waylinesText: string,
  resources: { name: string; size: number }[],
): KmzReadResult {
  const t = new WpmlReader(parseWpml('template.kml', stripBom(templateText)));
  const w = new WpmlReader(parseWpml('waylines.wpml', stripBom(waylinesText)));
  const templateDoc = t.doc.document;
  const missionConfig = readMissionConfig(t, t.need(templateDoc, 'missionConfig', 'Document'));
  // waylines.wpml repeats the mission config: required, as DJI's docks read it from there
  w.need(w.doc.document, 'missionConfig', 'Document');
  const folder = t.need(templateDoc, 'Folder', 'Document', true);
  const template = readTemplate(t, folder);
  const folders = w.all(w.doc.document, 'Folder', true);
  if (!folders.length) throw w.missing('Document/Folder');
  const lines = folders.map((f, at) => readWayline(w, f, `Document/Folder[${at}]`));

  const raw = {
    wpmlVersion: t.doc.version,
    author: t.text(templateDoc, 'author'),
    createTime: t.number(templateDoc, 'createTime', 'Document'),
    updateTime: t.number(templateDoc, 'updateTime', 'Document'),
    missionConfig,
    template,
    waylines: lines,
    resources,
  };
  const model = isWaylineFile(raw) ? (raw as WaylineFile) : parseWaylineFile(raw);
  const figures = model.waylines.map((line) => {
    const ours = waylineFigures(line);
    return {
      waylineId: line.waylineId,
      points: line.placemarks.length,
      statedDistance: line.distance,
      statedDuration: line.duration,
      distance: ours.distance,
      duration: ours.duration,
      distanceMatches: within(
        line.distance,
        ours.distance,
        FIGURE_TOLERANCE.distance.metres,
        FIGURE_TOLERANCE.distance.ratio,
      ),
      durationMatches: within(
        line.duration,
        ours.duration,
        FIGURE_TOLERANCE.duration.seconds,
        FIGURE_TOLERANCE.duration.ratio,
      ),
    };
  });
  return { model, figures };
}

/** The model's schema as a fast check (./check.ts): the common case, a valid file, skips zod's copy. */
const isWaylineFile = compileCheck(waylineFileSchema);

/** zod's parse, for a model the fast check did not pass: the first issue is refused, naming its path. */
function parseWaylineFile(raw: Record<string, unknown>): WaylineFile {
  const parsed = waylineFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const value = valueAt(raw, issue.path);
    throw wpmlError('wpmlValue', {
      file: issue.path[0] === 'waylines' ? 'waylines.wpml' : 'template.kml',
      element: issue.path.join('/'),
      value: value === undefined ? '-' : String(value).slice(0, 100),
    });
  }
  return parsed.data;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let at: unknown = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return typeof at === 'object' ? JSON.stringify(at) : at;
}

function readMissionConfig(r: WpmlReader, el: XmlElement) {
  const path = 'missionConfig';
  const drone = r.need(el, 'droneInfo', path);
  const droneEnumValue = r.needNumber(drone, 'droneEnumValue', `${path}/droneInfo`);
  const droneSubEnumValue = r.number(drone, 'droneSubEnumValue', `${path}/droneInfo`) ?? 0;
  const payloadInfo = r.all(el, 'payloadInfo').map((payload) => {
    const payloadEnumValue = r.needNumber(payload, 'payloadEnumValue', `${path}/payloadInfo`);
    const payloadSubEnumValue = r.number(payload, 'payloadSubEnumValue', `${path}/payloadInfo`);
    return {
      payloadEnumValue,
      payloadSubEnumValue,
      payloadPositionIndex: r.number(payload, 'payloadPositionIndex', `${path}/payloadInfo`) ?? 0,
      modelId: payloadModelOf(payloadEnumValue, payloadSubEnumValue)?.id ?? null,
    };
  });
  return {
    flyToWaylineMode: r.needText(el, 'flyToWaylineMode', path),
    finishAction: r.needText(el, 'finishAction', path),
    exitOnRCLost: r.needText(el, 'exitOnRCLost', path),
    executeRCLostAction: r.text(el, 'executeRCLostAction'),
    takeOffSecurityHeight: r.number(el, 'takeOffSecurityHeight', path),
    takeOffRefPoint: r.text(el, 'takeOffRefPoint'),
    globalTransitionalSpeed: r.needNumber(el, 'globalTransitionalSpeed', path),
    globalRTHHeight: r.number(el, 'globalRTHHeight', path),
    droneInfo: {
      droneEnumValue,
      droneSubEnumValue,
      modelId: droneModelOf(droneEnumValue, droneSubEnumValue)?.id ?? null,
    },
    payloadInfo,
  };
}

function readHeading(r: WpmlReader, el: XmlElement | undefined, path: string) {
  if (!el) return undefined;
  return {
    waypointHeadingMode: r.needText(el, 'waypointHeadingMode', path),
    waypointHeadingAngle: r.number(el, 'waypointHeadingAngle', path),
    waypointPoiPoint: r.text(el, 'waypointPoiPoint'),
    waypointHeadingAngleEnable: r.flag(el, 'waypointHeadingAngleEnable', path),
    waypointHeadingPathMode: r.text(el, 'waypointHeadingPathMode'),
    waypointHeadingPoiIndex: r.number(el, 'waypointHeadingPoiIndex', path),
  };
}

function readTemplate(r: WpmlReader, folder: XmlElement) {
  const path = 'Folder';
  const sys = r.need(folder, 'waylineCoordinateSysParam', path);
  const sysPath = `${path}/waylineCoordinateSysParam`;
  const templateType = r.needText(folder, 'templateType', path);
  if (!(WPML_TEMPLATE_TYPES as readonly string[]).includes(templateType)) {
    throw r.wrong(`${path}/templateType`, templateType);
  }
  const globalHeight = r.number(folder, 'globalHeight', path);
  const placemarks = r.all(folder, 'Placemark', true);
  const base = {
    templateType,
    templateId: r.needNumber(folder, 'templateId', path),
    waylineCoordinateSysParam: {
      coordinateMode: r.needText(sys, 'coordinateMode', sysPath),
      heightMode: r.text(sys, 'heightMode') ?? 'EGM96',
      positioningType: r.text(sys, 'positioningType'),
      globalShootHeight: r.number(sys, 'globalShootHeight', sysPath),
      surfaceFollowModeEnable: r.flag(sys, 'surfaceFollowModeEnable', sysPath),
      surfaceRelativeHeight: r.number(sys, 'surfaceRelativeHeight', sysPath),
    },
    autoFlightSpeed: r.needNumber(folder, 'autoFlightSpeed', path),
    globalHeight,
    globalWaypointHeadingParam: readHeading(
      r,
      r.child(folder, 'globalWaypointHeadingParam'),
      `${path}/globalWaypointHeadingParam`,
    ),
    globalWaypointTurnMode: r.text(folder, 'globalWaypointTurnMode'),
    globalUseStraightLine: r.flag(folder, 'globalUseStraightLine', path),
    gimbalPitchMode: r.text(folder, 'gimbalPitchMode'),
  };
  if (templateType === 'waypoint') {
    return {
      ...base,
      placemarks: placemarks.map((p, at) =>
        readPlacemark(r, p, `${path}/Placemark[${at}]`, 'template', globalHeight),
      ),
    };
  }
  const area = placemarks[0];
  if (!area) throw r.missing(`${path}/Placemark`);
  return { ...base, placemarks: [], mapping: readMapping(r, area, `${path}/Placemark`) };
}

function readMapping(r: WpmlReader, placemark: XmlElement, path: string) {
  const polygon = r.child(placemark, 'Polygon', true);
  const line = r.child(placemark, 'LineString', true);
  let coordinates: string | undefined;
  if (polygon) {
    const ring = r.child(r.child(polygon, 'outerBoundaryIs', true) ?? polygon, 'LinearRing', true);
    coordinates = ring ? r.text(ring, 'coordinates', true) : undefined;
  } else if (line) {
    coordinates = r.text(line, 'coordinates', true);
  }
  if (!coordinates) throw r.missing(`${path}/Polygon|LineString/coordinates`);
  const area = coordinates
    .split(/\s+/)
    .filter(Boolean)
    .map((tuple) => parsePosition(r, tuple, `${path}/coordinates`));
  const overlap = r.child(placemark, 'overlap');
  return {
    area,
    direction: r.number(placemark, 'direction', path),
    margin: r.number(placemark, 'margin', path),
    overlapH: overlap ? r.number(overlap, 'orthoCameraOverlapH', `${path}/overlap`) : undefined,
    overlapW: overlap ? r.number(overlap, 'orthoCameraOverlapW', `${path}/overlap`) : undefined,
    inclinedGimbalPitch: r.number(placemark, 'inclinedGimbalPitch', path),
    inclinedFlightSpeed: r.number(placemark, 'inclinedFlightSpeed', path),
    leftExtend: r.number(placemark, 'leftExtend', path),
    rightExtend: r.number(placemark, 'rightExtend', path),
    shootType: r.text(placemark, 'shootType'),
    ellipsoidHeight: r.number(placemark, 'ellipsoidHeight', path),
    height: r.number(placemark, 'height', path),
  };
}

function parsePosition(r: WpmlReader, tuple: string, path: string): WplPosition {
  const parts = tuple.trim().split(',').map(Number);
  if (parts.length < 2 || !Number.isFinite(parts[0]) || !Number.isFinite(parts[1])) {
    throw r.wrong(path, tuple);
  }
  return [parts[0]!, parts[1]!];
}

function readPlacemark(
  r: WpmlReader,
  el: XmlElement,
  path: string,
  kind: 'template' | 'wayline',
  globalHeight?: number,
) {
  const point = r.need(el, 'Point', path, true);
  const coordinates = r.text(point, 'coordinates', true);
  if (!coordinates) throw r.missing(`${path}/Point/coordinates`);
  const position = parsePosition(r, coordinates, `${path}/Point/coordinates`);
  const height = r.number(el, 'height', path);
  const ellipsoidHeight = r.number(el, 'ellipsoidHeight', path);
  const executeHeight =
    kind === 'wayline'
      ? r.needNumber(el, 'executeHeight', path)
      : (height ?? ellipsoidHeight ?? globalHeight ?? 0);
  const gimbal = r.child(el, 'waypointGimbalHeadingParam');
  const turn = r.child(el, 'waypointTurnParam');
  return {
    position,
    index: r.needNumber(el, 'index', path),
    executeHeight,
    height,
    ellipsoidHeight,
    useGlobalHeight: r.flag(el, 'useGlobalHeight', path),
    waypointSpeed:
      kind === 'wayline'
        ? r.needNumber(el, 'waypointSpeed', path)
        : (r.number(el, 'waypointSpeed', path) ?? 0),
    useGlobalSpeed: r.flag(el, 'useGlobalSpeed', path),
    waypointHeadingParam: readHeading(r, r.child(el, 'waypointHeadingParam'), `${path}/waypointHeadingParam`),
    useGlobalHeadingParam: r.flag(el, 'useGlobalHeadingParam', path),
    waypointTurnParam: turn
      ? {
          waypointTurnMode: r.needText(turn, 'waypointTurnMode', `${path}/waypointTurnParam`),
          waypointTurnDampingDist: r.number(turn, 'waypointTurnDampingDist', `${path}/waypointTurnParam`),
        }
      : undefined,
    useGlobalTurnParam: r.flag(el, 'useGlobalTurnParam', path),
    useStraightLine: r.flag(el, 'useStraightLine', path),
    gimbalPitchAngle: gimbal
      ? r.number(gimbal, 'waypointGimbalPitchAngle', `${path}/waypointGimbalHeadingParam`)
      : undefined,
    gimbalYawAngle: gimbal
      ? r.number(gimbal, 'waypointGimbalYawAngle', `${path}/waypointGimbalHeadingParam`)
      : undefined,
    actionGroups: r
      .all(el, 'actionGroup')
      .map((group, at) => readActionGroup(r, group, `${path}/actionGroup[${at}]`)),
    isRisky: r.flag(el, 'isRisky', path),
  };
}

function readActionGroup(r: WpmlReader, el: XmlElement, path: string) {
  const trigger = r.need(el, 'actionTrigger', path);
  return {
    actionGroupId: r.needNumber(el, 'actionGroupId', path),
    actionGroupStartIndex: r.needNumber(el, 'actionGroupStartIndex', path),
    actionGroupEndIndex: r.needNumber(el, 'actionGroupEndIndex', path),
    actionGroupMode: r.needText(el, 'actionGroupMode', path),
    actionTrigger: {
      actionTriggerType: r.needText(trigger, 'actionTriggerType', `${path}/actionTrigger`),
      actionTriggerParam: r.number(trigger, 'actionTriggerParam', `${path}/actionTrigger`),
    },
    actions: r.all(el, 'action').map((action, at) => {
      const actionPath = `${path}/action[${at}]`;
      const param = r.child(action, 'actionActuatorFuncParam');
      return {
        actionId: r.needNumber(action, 'actionId', actionPath),
        actionActuatorFunc: r.needText(action, 'actionActuatorFunc', actionPath),
        params: param
          ? children(param).map((p): [string, string] => [p.localName ?? '', (p.textContent ?? '').trim()])
          : [],
      };
    }),
  };
}

function readWayline(r: WpmlReader, folder: XmlElement, path: string) {
  return {
    templateId: r.needNumber(folder, 'templateId', path),
    waylineId: r.needNumber(folder, 'waylineId', path),
    executeHeightMode: r.needText(folder, 'executeHeightMode', path),
    autoFlightSpeed: r.needNumber(folder, 'autoFlightSpeed', path),
    distance: r.number(folder, 'distance', path),
    duration: r.number(folder, 'duration', path),
    placemarks: r
      .all(folder, 'Placemark', true)
      .map((p, at) => readPlacemark(r, p, `${path}/Placemark[${at}]`, 'wayline')),
  };
}
