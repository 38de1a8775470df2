import type { FeatureLike } from 'ol/Feature';
import Feature from 'ol/Feature';
import TopoJSON from 'ol/format/TopoJSON';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import boundariesUrl from './data/boundaries.topo.json?url';

/**
 * The offline base map: country outlines of the world and China's 34 province-level divisions, shipped with
 * the console as a content-hashed asset (data/PROVENANCE.md) and fetched only when a map opens.
 */
export interface Boundaries {
  /** countries (`layer` = 'countries', `id` = ISO alpha-3) and provinces (`layer` = 'provinces') */
  shapes: Feature[];
  /** one point per province where its name is written */
  labels: Feature[];
}

/** Sea: the map's background shows through wherever no land is drawn. */
export const SEA_COLOR = '#dce8f2';

const landFill = new Fill({ color: '#f3f1ec' });
const chinaFill = new Fill({ color: '#fcfbf8' });
const countryStroke = new Stroke({ color: '#a5acb8', width: 1 });
const chinaStroke = new Stroke({ color: '#8f98a8', width: 1.2 });
const provinceStroke = new Stroke({ color: '#bcc3ce', width: 0.8, lineDash: [4, 3] });

// Fills first, province borders over them, country borders over those (a style's zIndex orders the layer).
const countryStyle = [
  new Style({ fill: landFill, zIndex: 0 }),
  new Style({ stroke: countryStroke, zIndex: 2 }),
];
const chinaStyle = [new Style({ fill: chinaFill, zIndex: 0 }), new Style({ stroke: chinaStroke, zIndex: 3 })];
const provinceStyle = new Style({ stroke: provinceStroke, zIndex: 1 });

/** Zoom levels from which province borders, province names and the small regions' names are drawn. */
const PROVINCE_BORDER_ZOOM = 3;
const PROVINCE_NAME_ZOOM = 3.5;
const SMALL_REGION_NAME_ZOOM = 7;
/** Hong Kong and Macao would sit on top of Guangdong's name until the map is close enough. */
const SMALL_REGIONS = new Set(['CN-HK', 'CN-MO']);

/** Web Mercator zoom of a resolution (metres per pixel at the equator). */
export function zoomOfResolution(resolution: number): number {
  return Math.log2(156_543.033_928_041 / resolution);
}

let loading: Promise<Boundaries> | undefined;

/** Fetch and read the boundaries once per page: every map after the first reuses them. */
export function loadBoundaries(): Promise<Boundaries> {
  loading ??= fetch(boundariesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`boundaries: HTTP ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .then(readBoundaries)
    .catch((error: unknown) => {
      loading = undefined; // a later map may try again
      throw error;
    });
  return loading;
}

function readBoundaries(topology: unknown): Boundaries {
  const shapes = new TopoJSON({ layerName: 'layer' }).readFeatures(topology, {
    featureProjection: 'EPSG:3857',
  }) as Feature[];
  const labels = shapes
    .filter((shape) => shape.get('layer') === 'provinces')
    .map(
      (province) =>
        new Feature({
          geometry: new Point(fromLonLat(province.get('label') as [number, number])),
          code: province.get('code'),
          zh: province.get('zh'),
          en: province.get('en'),
        }),
    );
  return { shapes, labels };
}

function shapeStyle(feature: FeatureLike, resolution: number): Style | Style[] | undefined {
  if (feature.get('layer') === 'provinces') {
    return zoomOfResolution(resolution) >= PROVINCE_BORDER_ZOOM ? provinceStyle : undefined;
  }
  return feature.get('id') === 'CHN' ? chinaStyle : countryStyle;
}

/** Land, country borders and (from zoom 3) province borders, drawn as one image for smooth panning. */
export function shapesLayer(boundaries: Boundaries, attribution: string) {
  return new VectorImageLayer({
    source: new VectorSource({ features: boundaries.shapes, attributions: attribution }),
    style: shapeStyle,
    imageRatio: 1.5,
    properties: { name: 'boundaries' },
  });
}

/** Province names in the console's language, decluttered so no two overlap. */
export function labelsLayer(boundaries: Boundaries, nameKey: 'zh' | 'en') {
  const styles = new Map<string, Style>();
  const styleOf = (name: string) => {
    let style = styles.get(name);
    if (!style) {
      style = new Style({
        text: new Text({
          text: name,
          font: '12px "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
          fill: new Fill({ color: '#55606e' }),
          stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 3 }),
        }),
      });
      styles.set(name, style);
    }
    return style;
  };
  return new VectorLayer({
    source: new VectorSource({ features: boundaries.labels }),
    declutter: true,
    properties: { name: 'boundary-labels' },
    style: (feature, resolution) => {
      const zoom = zoomOfResolution(resolution);
      const minimum = SMALL_REGIONS.has(feature.get('code') as string)
        ? SMALL_REGION_NAME_ZOOM
        : PROVINCE_NAME_ZOOM;
      return zoom >= minimum ? styleOf(feature.get(nameKey) as string) : undefined;
    },
  });
}
