import {
  type DesignPlan,
  haversineM,
  type RouteDesign,
  type RouteExportFormat,
  type RouteKind,
  type WaylineFile,
  waylineFigures,
} from '@aos/contract';
import { type ImportedFeature, readAreaFile, safeBaseName } from '../gis/index.js';
import { fieldError } from '../../lib/errors.js';
import type { WaylineFigures } from './wpml/read.js';
import type { RoutePoints } from '../../db/schema/index.js';

/** What a route row states about its flight, from a plan (a design) or from a wayline file (an import). */
export interface FlightFigures {
  distance: number;
  duration: number;
  waypointCount: number;
  photoCount: number;
  area: number | null;
  gsd: number | null;
  maxHeight: number;
  points: RoutePoints;
  west: number;
  south: number;
  east: number;
  north: number;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function bounds(points: RoutePoints) {
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  let maxHeight = -Infinity;
  for (const line of points) {
    for (const [lon, lat, height] of line) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
      maxHeight = Math.max(maxHeight, height);
    }
  }
  return { west, south, east, north, maxHeight: Number.isFinite(maxHeight) ? round(maxHeight) : 0 };
}

/** The figures of a planned design: the planner's own (length, duration, photos, area, GSD). */
export function planFigures(plan: DesignPlan): FlightFigures {
  const points: RoutePoints = plan.waylines.map((line) =>
    line.map((point) => [point.position[0], point.position[1], round(point.heightM, 3)]),
  );
  const box = bounds(points);
  return {
    distance: round(plan.figures.lengthM),
    duration: round(plan.figures.durationS),
    waypointCount: plan.figures.waypointCount,
    photoCount: plan.figures.photoCount,
    area: plan.figures.areaM2 === undefined ? null : round(plan.figures.areaM2),
    gsd: plan.figures.gsdCm === undefined ? null : round(plan.figures.gsdCm, 3),
    ...box,
    points,
  };
}

/**
 * The figures of a wayline file as it will be flown (an import): its waylines' own distance and duration when
 * it states them and our recomputation agrees (`checked`, from readKmz), else recomputed; photos counted from its actions (each `takePhoto` at a point, and the
 * photos of a `multipleDistance` / `multipleTiming` group over the legs it spans).
 */
export function fileFigures(
  file: WaylineFile,
  design: RouteDesign | null,
  checked: readonly WaylineFigures[] = [],
): FlightFigures {
  let distance = 0;
  let duration = 0;
  let waypointCount = 0;
  let photoCount = 0;
  const points: RoutePoints = [];
  file.waylines.forEach((wayline, index) => {
    const own = waylineFigures(wayline);
    // the file's own figures, unless our recomputation finds them wrong for its points (then ours)
    const check = checked[index];
    distance += check?.distanceMatches === false ? own.distance : (wayline.distance ?? own.distance);
    duration += check?.durationMatches === false ? own.duration : (wayline.duration ?? own.duration);
    waypointCount += wayline.placemarks.length;
    points.push(wayline.placemarks.map((p) => [p.position[0], p.position[1], round(p.executeHeight, 3)]));
    const placemarks = wayline.placemarks;
    for (const placemark of placemarks) {
      for (const group of placemark.actionGroups) {
        const photos = group.actions.filter((action) => action.actionActuatorFunc === 'takePhoto').length;
        if (!photos) continue;
        const trigger = group.actionTrigger;
        if (trigger.actionTriggerType === 'reachPoint') {
          photoCount += photos;
          continue;
        }
        if (!trigger.actionTriggerParam || trigger.actionTriggerParam <= 0) continue;
        let span = 0;
        for (
          let i = group.actionGroupStartIndex;
          i < group.actionGroupEndIndex && i + 1 < placemarks.length;
          i++
        ) {
          span += haversineM(placemarks[i]!.position, placemarks[i + 1]!.position);
        }
        const per =
          trigger.actionTriggerType === 'multipleDistance'
            ? trigger.actionTriggerParam
            : trigger.actionTriggerParam * (wayline.autoFlightSpeed || 1);
        photoCount += photos * (Math.floor(span / per) + 1);
      }
    }
  });
  const box = bounds(points);
  const mapping = file.template.mapping;
  return {
    distance: round(distance),
    duration: round(duration),
    waypointCount,
    photoCount,
    area:
      design && (design.kind === 'area' || design.kind === 'oblique') && mapping
        ? ringArea(mapping.area)
        : null,
    gsd: null,
    ...box,
    points,
  };
}

/** Area of a `[lon, lat]` ring on the sphere (square metres), as the planners measure it. */
function ringArea(ring: Array<[number, number]>): number {
  const rad = Math.PI / 180;
  const radius = 6_371_008.8;
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [lon1, lat1] = ring[i]!;
    const [lon2, lat2] = ring[(i + 1) % ring.length]!;
    sum += (lon2 - lon1) * rad * (2 + Math.sin(lat1 * rad) + Math.sin(lat2 * rad));
  }
  return round(Math.abs((sum * radius * radius) / 2));
}

// ---------------------------------------------------------------------------------------------- import

/** The mapping parameters our exports write on a work area, read back by an import. */
const MAPPING_KEYS = [
  'frontOverlap',
  'sideOverlap',
  'speedMS',
  'courseAngleDeg',
  'marginM',
  'obliquePitchDeg',
] as const;

/** The mapping parameters of an area or oblique design, as a work area's properties. */
function workAreaProperties(design: RouteDesign): Record<string, string | number> {
  if (design.kind !== 'area' && design.kind !== 'oblique') return {};
  const params = design.params as Record<string, unknown>;
  const out: Record<string, string | number> = { kind: design.kind, cameraId: design.params.cameraId };
  if (design.params.heightM !== undefined) out.heightM = design.params.heightM;
  for (const key of MAPPING_KEYS) if (typeof params[key] === 'number') out[key] = params[key] as number;
  return out;
}

/** The route file formats an import takes, by extension. */
export type RouteFileFormat = 'kmz' | 'kml' | 'geojson';

export function routeFileFormat(filename: string): RouteFileFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  if (extension === 'kmz' || extension === 'kml') return extension;
  if (extension === 'geojson' || extension === 'json') return 'geojson';
  return undefined;
}

/** What an import's options add to a KML/GeoJSON shape to make it a design. */
export interface ShapeOptions {
  cameraId?: string | undefined;
  heightM?: number | undefined;
}

/**
 * A KML or GeoJSON route file as a design: its first line becomes a waypoint route (each vertex a waypoint,
 * at the default height: the 2-D readers drop a file's altitudes), or its first polygon an area route (with
 * the camera and height the import names: 400 naming them otherwise). Read by the GIS area's exchange reader
 * (size caps, XML without entities, geometry checks); points and circles alone are refused.
 */
export async function designOfShapeFile(
  filename: string,
  data: Buffer,
  options: ShapeOptions,
): Promise<{ kind: RouteKind; candidate: unknown; name: string | undefined }> {
  const format = routeFileFormat(filename);
  const features: ImportedFeature[] = await readAreaFile({
    filename: format === 'geojson' && !/\.(geo)?json$/i.test(filename) ? `${filename}.geojson` : filename,
    data,
    accept: ['kml', 'geojson', 'json'],
  });
  const nameOf = (feature: ImportedFeature) => {
    const value = feature.properties.name ?? feature.properties.Name;
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const numberOf = (value: unknown) => {
    const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  // A work area (ours carries its mapping parameters) is the route; else the first line; else any polygon.
  const workArea = features.find((f) => f.geometry.type === 'Polygon' && f.properties.role === 'workArea');
  const line = features.find((feature) => feature.geometry.type === 'LineString');
  const polygon =
    workArea ?? (line ? undefined : features.find((feature) => feature.geometry.type === 'Polygon'));
  if (polygon && polygon.geometry.type === 'Polygon') {
    const own = polygon.properties;
    const cameraId = options.cameraId ?? (typeof own.cameraId === 'string' ? own.cameraId : undefined);
    const heightM = options.heightM ?? numberOf(own.heightM);
    if (!cameraId) throw fieldError('cameraId', 'route.camera');
    if (heightM === undefined) throw fieldError('heightM', 'route.heightOrGsd');
    const kind = own.kind === 'oblique' ? 'oblique' : 'area';
    const params: Record<string, unknown> = { polygon: polygon.geometry, cameraId, heightM };
    for (const key of MAPPING_KEYS) {
      const value = numberOf(own[key]);
      if (value !== undefined) params[key] = value;
    }
    return { kind, name: nameOf(polygon), candidate: { kind, params } };
  }
  if (line && line.geometry.type === 'LineString') {
    return {
      kind: 'waypoint',
      name: nameOf(line),
      candidate: {
        kind: 'waypoint',
        params: {
          ...(options.heightM === undefined ? {} : { defaults: { heightM: options.heightM } }),
          waypoints: line.geometry.coordinates.map((position) => ({ position })),
        },
      },
    };
  }
  throw fieldError('file', 'route.fileNoShape');
}

// ---------------------------------------------------------------------------------------------- export

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The work area (area and oblique routes) or the strip's centre line of a design, for the exports. */
function designShape(design: RouteDesign | null) {
  if (!design) return undefined;
  if (design.kind === 'area' || design.kind === 'oblique') return design.params.polygon;
  if (design.kind === 'strip') return design.params.centreLine;
  return undefined;
}

export interface ExportSource {
  name: string;
  design: RouteDesign | null;
  points: RoutePoints;
  /** per wayline, per point: speed (m/s) and action names, when known (GeoJSON properties) */
  details?: Array<Array<{ speed: number; actions: string[] }>>;
}

/**
 * A route as GeoJSON: a FeatureCollection with each wayline a LineString of `[lon, lat, height]`, each waypoint
 * a Point (wayline, index, height, speed, actions) and the work area or centre line as its own feature.
 */
export function routeGeoJson(source: ExportSource): string {
  const features: unknown[] = [];
  source.points.forEach((line, wayline) => {
    features.push({
      type: 'Feature',
      properties: { name: source.name, role: 'wayline', wayline },
      geometry: { type: 'LineString', coordinates: line },
    });
    line.forEach((point, index) => {
      const detail = source.details?.[wayline]?.[index];
      features.push({
        type: 'Feature',
        properties: {
          role: 'waypoint',
          wayline,
          index,
          height: point[2],
          ...(detail ? { speed: detail.speed, actions: detail.actions.join(',') } : {}),
        },
        geometry: { type: 'Point', coordinates: point },
      });
    });
  });
  const shape = designShape(source.design);
  if (shape) {
    features.push({
      type: 'Feature',
      properties: {
        name: source.name,
        role: shape.type === 'Polygon' ? 'workArea' : 'centreLine',
        ...(source.design ? workAreaProperties(source.design) : {}),
      },
      geometry: shape,
    });
  }
  return JSON.stringify({ type: 'FeatureCollection', name: source.name, features });
}

/**
 * A route as KML 2.2: one Placemark per wayline (a LineString with heights relative to the ground, as the
 * route's heights are above the take-off point), the work area polygon or the centre line, and a folder of the
 * numbered waypoints.
 */
export function routeKml(source: ExportSource): string {
  const name = escapeXml(source.name);
  const coords = (positions: Array<number[]>) => positions.map((p) => p.join(',')).join(' ');
  const parts: string[] = [];
  source.points.forEach((line, wayline) => {
    parts.push(
      `<Placemark><name>${name} ${wayline + 1}</name><styleUrl>#wayline</styleUrl><LineString>` +
        `<altitudeMode>relativeToGround</altitudeMode><coordinates>${coords(line)}</coordinates></LineString></Placemark>`,
    );
  });
  const shape = designShape(source.design);
  if (shape?.type === 'Polygon') {
    const rings = shape.coordinates.map((ring, index) => {
      const tag = index === 0 ? 'outerBoundaryIs' : 'innerBoundaryIs';
      return `<${tag}><LinearRing><coordinates>${coords(ring)}</coordinates></LinearRing></${tag}>`;
    });
    const data = Object.entries({
      role: 'workArea',
      ...(source.design ? workAreaProperties(source.design) : {}),
    })
      .map(([key, value]) => `<Data name="${key}"><value>${escapeXml(String(value))}</value></Data>`)
      .join('');
    parts.push(
      `<Placemark><name>${name}</name><styleUrl>#area</styleUrl><ExtendedData>${data}</ExtendedData>` +
        `<Polygon>${rings.join('')}</Polygon></Placemark>`,
    );
  } else if (shape?.type === 'LineString') {
    parts.push(
      `<Placemark><name>${name}</name><LineString><coordinates>${coords(shape.coordinates)}</coordinates></LineString></Placemark>`,
    );
  }
  const waypoints = source.points.flatMap((line, wayline) =>
    line.map(
      (point, index) =>
        `<Placemark><name>${source.points.length > 1 ? `${wayline + 1}-` : ''}${index + 1}</name><Point>` +
        `<altitudeMode>relativeToGround</altitudeMode><coordinates>${point.join(',')}</coordinates></Point></Placemark>`,
    ),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
    `<name>${name}</name>` +
    '<Style id="wayline"><LineStyle><color>ff00c8ff</color><width>3</width></LineStyle></Style>' +
    '<Style id="area"><LineStyle><color>ffffaa00</color><width>2</width></LineStyle><PolyStyle><color>33ffaa00</color></PolyStyle></Style>' +
    parts.join('') +
    `<Folder><name>waypoints</name>${waypoints.join('')}</Folder></Document></kml>\n`
  );
}

/** The file name of a route's export. */
export function exportName(name: string, format: RouteExportFormat): string {
  return `${safeBaseName(name)}.${format}`;
}
