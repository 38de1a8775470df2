import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  type ActionGroup,
  type HeadingParam,
  type MappingParams,
  type MissionConfig,
  type Wayline,
  type WaylineFile,
  type WplPlacemark,
  droneInfoOf,
  WPML_NAMESPACE_PREFIX,
  wpmlVersionFor,
} from '@aos/contract';
import { writeZip } from './zip.js';
import { KML_NS } from './xml.js';
import { TEMPLATE_ENTRY, WAYLINES_ENTRY } from './read.js';

/**
 * Writing the wayline model as DJI writes it: `wpmz/template.kml` and `wpmz/waylines.wpml`, elements in the
 * order of DJI Pilot 2 / FlightHub 2 files (see test/fixtures/route), the `wpml` namespace of the model's
 * version (`wpmlVersionFor(aircraft)` when planning), zipped by ./zip.ts `writeZip` (Node's native zlib) with a
 * fixed timestamp so the same route gives the same bytes and so the same MD5 fingerprint
 * (`flighttask_prepare.file.fingerprint`, PROTOCOLS.md §2). `wpmz/res/` is not written: it holds files we do not
 * have (the original KMZ is what is kept when a route was imported).
 */

export interface KmzWriteResult {
  data: Buffer;
  /** MD5 of `data`, lower-case hex */
  fingerprint: string;
  templateKml: string;
  waylinesWpml: string;
}

/** DOS time can't go before 1980; any fixed date gives reproducible bytes. */
const FIXED_MTIME = new Date('2020-01-01T00:00:00Z');
/** zlib's deflate level: the default (6) */
const ZIP_LEVEL = 6;

/**
 * `targetModelId`: write for this aircraft of our catalogue: its DJI enum in `droneInfo` and the namespace
 * version DJI's software writes for it (`wpmlVersionFor`), whatever the model held.
 */
export function writeKmz(source: WaylineFile, options: { targetModelId?: string } = {}): KmzWriteResult {
  const model = options.targetModelId ? forTarget(source, options.targetModelId) : source;
  const template = templateOut(model).toBuffer();
  const waylines = waylinesOut(model).toBuffer();
  const data = writeZip(
    [
      { name: TEMPLATE_ENTRY, data: template },
      { name: WAYLINES_ENTRY, data: waylines },
    ],
    { mtime: FIXED_MTIME, level: ZIP_LEVEL },
  );
  const result = { data, fingerprint: createHash('md5').update(data).digest('hex') } as KmzWriteResult;
  // the texts, decoded from the bytes when asked for (the route area stores and sends the bytes)
  let templateKml: string | undefined;
  let waylinesWpml: string | undefined;
  Object.defineProperties(result, {
    templateKml: { enumerable: true, get: () => (templateKml ??= template.toString('utf8')) },
    waylinesWpml: { enumerable: true, get: () => (waylinesWpml ??= waylines.toString('utf8')) },
  });
  return result;
}

function forTarget(model: WaylineFile, modelId: string): WaylineFile {
  const droneInfo = droneInfoOf(modelId);
  if (!droneInfo) return { ...model, wpmlVersion: wpmlVersionFor(modelId) };
  return {
    ...model,
    wpmlVersion: wpmlVersionFor(modelId),
    missionConfig: { ...model.missionConfig, droneInfo },
  };
}

/** The characters `esc` changes or drops. */
// eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids, and the three to escape
const NEEDS_ESCAPE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>]/;

/** Escaping for text content; characters XML 1.0 cannot hold at all (C0 controls but tab/LF/CR) dropped. */
function esc(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return (
    value
      // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

/**
 * A number as text, rounded to 15 significant digits (no `0.30000000000000004`). A shortest form of at most 15
 * characters has at most 15 digits, so it is already what the rounding gives (the common case, kept cheap).
 */
function num(value: number): string {
  const text = String(value);
  if (text.length <= 15 || Number.isInteger(value)) return text;
  return String(Number(value.toPrecision(15)));
}

/** An action parameter's name we write as an element (others, not XML names, are left out). */
const PARAM_NAME = /^[A-Za-z_][\w.-]*$/;

const INDENTS: string[] = [''];
const indent = (depth: number) => {
  while (INDENTS.length <= depth) INDENTS.push(`${INDENTS[INDENTS.length - 1]}  `);
  return INDENTS[depth]!;
};

/**
 * The XML text, one element a line, two spaces an indent level. Lines are joined 500 at a time into flat
 * strings: a whole file kept as lines (or as one string appended to, a rope of as many pieces) is 200,000
 * objects alive at once for a 1,000-waypoint route, which the garbage collector copies over and over.
 */
class XmlOut {
  private lines: string[] = [];
  private chunks: string[] = [];
  private depth = 0;
  private pad = '';

  declaration(): this {
    this.push('<?xml version="1.0" encoding="UTF-8"?>\n');
    return this;
  }

  private push(line: string): void {
    if (this.lines.push(line) >= 500) {
      this.chunks.push(this.lines.join(''));
      this.lines.length = 0;
    }
  }

  open(name: string, attributes = ''): this {
    this.push(`${this.pad}<${name}${attributes}>\n`);
    this.pad = indent(++this.depth);
    return this;
  }

  close(name: string): this {
    this.pad = indent(--this.depth);
    this.push(`${this.pad}</${name}>\n`);
    return this;
  }

  /** `<name>value</name>`; nothing when the value is undefined */
  el(name: string, value: string | number | boolean | undefined | null): this {
    if (value === undefined || value === null) return this;
    this.push(`${this.pad}<${name}>${textOf(value)}</${name}>\n`);
    return this;
  }

  /** `<wpml:name>value</wpml:name>`; nothing when the value is undefined */
  w(name: string, value: string | number | boolean | undefined | null): this {
    if (value === undefined || value === null) return this;
    this.push(`${this.pad}<wpml:${name}>${textOf(value)}</wpml:${name}>\n`);
    return this;
  }

  toString(): string {
    return this.chunks.join('') + this.lines.join('');
  }

  /** The text as UTF-8, chunk by chunk (ASCII chunks, nearly all, copied byte for byte). */
  toBuffer(): Buffer {
    const chunks = [...this.chunks, this.lines.join('')];
    return Buffer.concat(
      chunks.map((chunk) => {
        const bytes = Buffer.from(chunk, 'latin1');
        return isAscii(bytes) ? bytes : Buffer.from(chunk, 'utf8');
      }),
    );
  }
}

function textOf(value: string | number | boolean): string {
  return typeof value === 'boolean'
    ? value
      ? '1'
      : '0'
    : typeof value === 'number'
      ? num(value)
      : esc(value);
}

function header(model: WaylineFile): XmlOut {
  const out = new XmlOut();
  return out
    .declaration()
    .open('kml', ` xmlns="${KML_NS}" xmlns:wpml="${WPML_NAMESPACE_PREFIX}${model.wpmlVersion}"`)
    .open('Document');
}

function finish(out: XmlOut): XmlOut {
  return out.close('Document').close('kml');
}

function missionConfig(out: XmlOut, config: MissionConfig, withRefPoint: boolean): void {
  out.open('wpml:missionConfig');
  out.w('flyToWaylineMode', config.flyToWaylineMode);
  out.w('finishAction', config.finishAction);
  out.w('exitOnRCLost', config.exitOnRCLost);
  out.w('executeRCLostAction', config.executeRCLostAction);
  out.w('takeOffSecurityHeight', config.takeOffSecurityHeight);
  if (withRefPoint) out.w('takeOffRefPoint', config.takeOffRefPoint);
  out.w('globalTransitionalSpeed', config.globalTransitionalSpeed);
  out.w('globalRTHHeight', config.globalRTHHeight);
  out.open('wpml:droneInfo');
  out.w('droneEnumValue', config.droneInfo.droneEnumValue);
  out.w('droneSubEnumValue', config.droneInfo.droneSubEnumValue);
  out.close('wpml:droneInfo');
  for (const payload of config.payloadInfo) {
    out.open('wpml:payloadInfo');
    out.w('payloadEnumValue', payload.payloadEnumValue);
    out.w('payloadSubEnumValue', payload.payloadSubEnumValue);
    out.w('payloadPositionIndex', payload.payloadPositionIndex);
    out.close('wpml:payloadInfo');
  }
  out.close('wpml:missionConfig');
}

function heading(out: XmlOut, name: string, param: HeadingParam | undefined): void {
  if (!param) return;
  out.open(`wpml:${name}`);
  out.w('waypointHeadingMode', param.waypointHeadingMode);
  out.w('waypointHeadingAngle', param.waypointHeadingAngle);
  out.w('waypointPoiPoint', param.waypointPoiPoint);
  out.w('waypointHeadingAngleEnable', param.waypointHeadingAngleEnable);
  out.w('waypointHeadingPathMode', param.waypointHeadingPathMode);
  out.w('waypointHeadingPoiIndex', param.waypointHeadingPoiIndex);
  out.close(`wpml:${name}`);
}

function actionGroup(out: XmlOut, group: ActionGroup): void {
  out.open('wpml:actionGroup');
  out.w('actionGroupId', group.actionGroupId);
  out.w('actionGroupStartIndex', group.actionGroupStartIndex);
  out.w('actionGroupEndIndex', group.actionGroupEndIndex);
  out.w('actionGroupMode', group.actionGroupMode);
  out.open('wpml:actionTrigger');
  out.w('actionTriggerType', group.actionTrigger.actionTriggerType);
  out.w('actionTriggerParam', group.actionTrigger.actionTriggerParam);
  out.close('wpml:actionTrigger');
  for (const action of group.actions) {
    out.open('wpml:action');
    out.w('actionId', action.actionId);
    out.w('actionActuatorFunc', action.actionActuatorFunc);
    out.open('wpml:actionActuatorFuncParam');
    for (const [name, value] of action.params) {
      if (!PARAM_NAME.test(name)) continue;
      out.w(name, value);
    }
    out.close('wpml:actionActuatorFuncParam');
    out.close('wpml:action');
  }
  out.close('wpml:actionGroup');
}

function point(out: XmlOut, placemark: WplPlacemark): void {
  out.open('Point');
  out.el('coordinates', `${num(placemark.position[0])},${num(placemark.position[1])}`);
  out.close('Point');
}

function turn(out: XmlOut, placemark: WplPlacemark): void {
  if (!placemark.waypointTurnParam) return;
  out.open('wpml:waypointTurnParam');
  out.w('waypointTurnMode', placemark.waypointTurnParam.waypointTurnMode);
  out.w('waypointTurnDampingDist', placemark.waypointTurnParam.waypointTurnDampingDist);
  out.close('wpml:waypointTurnParam');
}

function templatePlacemark(out: XmlOut, placemark: WplPlacemark): void {
  out.open('Placemark');
  point(out, placemark);
  out.w('index', placemark.index);
  out.w('ellipsoidHeight', placemark.ellipsoidHeight);
  out.w('height', placemark.height ?? placemark.executeHeight);
  out.w('waypointSpeed', placemark.waypointSpeed);
  heading(out, 'waypointHeadingParam', placemark.waypointHeadingParam);
  turn(out, placemark);
  out.w('useGlobalHeight', placemark.useGlobalHeight);
  out.w('useGlobalSpeed', placemark.useGlobalSpeed);
  out.w('useGlobalHeadingParam', placemark.useGlobalHeadingParam);
  out.w('useGlobalTurnParam', placemark.useGlobalTurnParam);
  out.w('useStraightLine', placemark.useStraightLine);
  for (const group of placemark.actionGroups) actionGroup(out, group);
  out.w('isRisky', placemark.isRisky);
  out.close('Placemark');
}

/**
 * The area (mapping2d/3d) or centre line (mappingStrip) Placemark, in the order of DJI's template files: the
 * oblique pitch, shooting, direction and margin, the oblique speed, overlaps (an oblique route's oblique passes
 * with the nadir's overlaps, as we plan them), the geometry, the strip's extents, then heights. The order of a
 * mapping3d Placemark was compared with a FlightHub 2 file of a Matrice 4TD (WPML 1.0.6).
 */
function mappingPlacemark(out: XmlOut, type: string, mapping: MappingParams): void {
  const coordinates = mapping.area.map(([lon, lat]) => `${num(lon)},${num(lat)},0`).join('\n');
  out.open('Placemark');
  out.w('inclinedGimbalPitch', mapping.inclinedGimbalPitch);
  out.w('shootType', mapping.shootType);
  out.w('direction', mapping.direction);
  out.w('margin', mapping.margin);
  out.w('inclinedFlightSpeed', mapping.inclinedFlightSpeed);
  if (mapping.overlapH !== undefined || mapping.overlapW !== undefined) {
    out.open('wpml:overlap');
    out.w('orthoCameraOverlapH', mapping.overlapH);
    out.w('orthoCameraOverlapW', mapping.overlapW);
    if (type === 'mapping3d') {
      out.w('inclinedCameraOverlapH', mapping.overlapH);
      out.w('inclinedCameraOverlapW', mapping.overlapW);
    }
    out.close('wpml:overlap');
  }
  if (type === 'mappingStrip') {
    out.open('LineString').el('coordinates', coordinates).close('LineString');
  } else {
    out.open('Polygon').open('outerBoundaryIs').open('LinearRing');
    out.el('coordinates', coordinates);
    out.close('LinearRing').close('outerBoundaryIs').close('Polygon');
  }
  out.w('leftExtend', mapping.leftExtend);
  out.w('rightExtend', mapping.rightExtend);
  out.w('ellipsoidHeight', mapping.ellipsoidHeight);
  out.w('height', mapping.height);
  out.close('Placemark');
}

export function writeTemplateKml(model: WaylineFile): string {
  return templateOut(model).toString();
}

function templateOut(model: WaylineFile): XmlOut {
  const out = header(model);
  out.w('author', model.author);
  out.w('createTime', model.createTime);
  out.w('updateTime', model.updateTime);
  missionConfig(out, model.missionConfig, true);
  const t = model.template;
  out.open('Folder');
  out.w('templateType', t.templateType);
  out.w('templateId', t.templateId);
  out.open('wpml:waylineCoordinateSysParam');
  out.w('coordinateMode', t.waylineCoordinateSysParam.coordinateMode);
  out.w('heightMode', t.waylineCoordinateSysParam.heightMode);
  out.w('positioningType', t.waylineCoordinateSysParam.positioningType);
  out.w('globalShootHeight', t.waylineCoordinateSysParam.globalShootHeight);
  out.w('surfaceFollowModeEnable', t.waylineCoordinateSysParam.surfaceFollowModeEnable);
  out.w('surfaceRelativeHeight', t.waylineCoordinateSysParam.surfaceRelativeHeight);
  out.close('wpml:waylineCoordinateSysParam');
  out.w('autoFlightSpeed', t.autoFlightSpeed);
  out.w('globalHeight', t.globalHeight);
  out.w('gimbalPitchMode', t.gimbalPitchMode);
  heading(out, 'globalWaypointHeadingParam', t.globalWaypointHeadingParam);
  out.w('globalWaypointTurnMode', t.globalWaypointTurnMode);
  out.w('globalUseStraightLine', t.globalUseStraightLine);
  if (t.templateType === 'waypoint') for (const placemark of t.placemarks) templatePlacemark(out, placemark);
  else if (t.mapping) mappingPlacemark(out, t.templateType, t.mapping);
  const payload = model.missionConfig.payloadInfo[0];
  if (payload) {
    out.open('wpml:payloadParam');
    out.w('payloadPositionIndex', payload.payloadPositionIndex);
    out.close('wpml:payloadParam');
  }
  out.close('Folder');
  return finish(out);
}

function waylinePlacemark(out: XmlOut, placemark: WplPlacemark): void {
  out.open('Placemark');
  point(out, placemark);
  out.w('index', placemark.index);
  out.w('executeHeight', placemark.executeHeight);
  out.w('waypointSpeed', placemark.waypointSpeed);
  heading(out, 'waypointHeadingParam', placemark.waypointHeadingParam);
  turn(out, placemark);
  out.w('useStraightLine', placemark.useStraightLine);
  for (const group of placemark.actionGroups) actionGroup(out, group);
  if (placemark.gimbalPitchAngle !== undefined || placemark.gimbalYawAngle !== undefined) {
    out.open('wpml:waypointGimbalHeadingParam');
    out.w('waypointGimbalPitchAngle', placemark.gimbalPitchAngle ?? 0);
    out.w('waypointGimbalYawAngle', placemark.gimbalYawAngle ?? 0);
    out.close('wpml:waypointGimbalHeadingParam');
  }
  out.w('isRisky', placemark.isRisky);
  out.close('Placemark');
}

function wayline(out: XmlOut, line: Wayline): void {
  out.open('Folder');
  out.w('templateId', line.templateId);
  out.w('executeHeightMode', line.executeHeightMode);
  out.w('waylineId', line.waylineId);
  out.w('distance', line.distance);
  out.w('duration', line.duration);
  out.w('autoFlightSpeed', line.autoFlightSpeed);
  for (const placemark of line.placemarks) waylinePlacemark(out, placemark);
  out.close('Folder');
}

export function writeWaylinesWpml(model: WaylineFile): string {
  return waylinesOut(model).toString();
}

function waylinesOut(model: WaylineFile): XmlOut {
  const out = header(model);
  missionConfig(out, model.missionConfig, false);
  for (const line of model.waylines) wayline(out, line);
  return finish(out);
}
