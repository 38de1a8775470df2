import type { CivilAirport, UavAirport } from '@aos/contract';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { type Extent, createEmpty, extend } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import MapView from '../../../components/map/MapView';
import { CHINA_EXTENT } from '../../../components/map/coordinates';
import type { MapSettings } from '../../../components/map/settings';
import { AIRPORT_COLORS, AIRPORT_FILLS } from './colors';

export interface AirportMapProps {
  settings: MapSettings;
  /** takeoff/landing points, drawn as dots with their names */
  points?: UavAirport[];
  /** civil airports, drawn as runway, 10 km buffer and height-limit area */
  airports?: CivilAirport[];
  /** the id of a point or airport to bring into view, with a new `focusKey` each time */
  focusId?: string;
  focusKey?: number;
  /** drawn over the map (a legend) */
  overlay?: ReactNode;
  height?: number;
  testId: string;
}

const FONT = '12px "PingFang SC", "Microsoft YaHei", sans-serif';
const HALO = new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 3 });
const label = (text: string, color: string, offsetY = 0) =>
  new Text({ text, font: FONT, fill: new Fill({ color }), stroke: HALO, offsetY, overflow: true });

const bufferStyle = new Style({
  stroke: new Stroke({ color: AIRPORT_COLORS.buffer, width: 2 }),
  fill: new Fill({ color: AIRPORT_FILLS.buffer }),
});
const heightLimitStyle = new Style({
  stroke: new Stroke({ color: AIRPORT_COLORS.heightLimit, width: 2, lineDash: [8, 6] }),
  fill: new Fill({ color: AIRPORT_FILLS.heightLimit }),
});
const runwayStyle = (name: string) =>
  new Style({
    stroke: new Stroke({ color: AIRPORT_COLORS.runway, width: 5, lineCap: 'butt' }),
    text: label(name, AIRPORT_COLORS.runway, -14),
  });
const pointStyle = (name: string, color: string) =>
  new Style({
    image: new Circle({
      radius: 7,
      fill: new Fill({ color }),
      stroke: new Stroke({ color: '#ffffff', width: 2 }),
    }),
    text: label(name, 'rgba(0, 0, 0, 0.85)', -16),
  });

const polygon = (rings: number[][][]) =>
  new Polygon(rings.map((ring) => ring.map((position) => fromLonLat(position))));

/** The features of the points and airports, each carrying the id of its record (for focusing). */
function featuresOf(points: UavAirport[], airports: CivilAirport[], accent: string): Feature[] {
  const features: Feature[] = [];
  for (const airport of airports) {
    const heightLimit = new Feature(polygon(airport.heightLimitGeometry.coordinates));
    heightLimit.setStyle(heightLimitStyle);
    const buffer = new Feature(polygon(airport.bufferGeometry.coordinates));
    buffer.setStyle(bufferStyle);
    const runway = new Feature(
      new LineString([
        fromLonLat([airport.runwayStartLongitude, airport.runwayStartLatitude]),
        fromLonLat([airport.runwayEndLongitude, airport.runwayEndLatitude]),
      ]),
    );
    runway.setStyle(runwayStyle(`${airport.name} ${airport.icaoCode}`));
    for (const feature of [heightLimit, buffer, runway]) feature.set('recordId', airport.id);
    features.push(heightLimit, buffer, runway);
  }
  for (const point of points) {
    const feature = new Feature(new Point(fromLonLat([point.longitude, point.latitude])));
    feature.setStyle(pointStyle(point.name, accent));
    feature.set('recordId', point.id);
    features.push(feature);
  }
  return features;
}

/**
 * How close the view comes to what it shows: street level over tiles; over the offline boundaries alone a
 * closer zoom would show one province's plain land around a lone point (as the point picker does). An
 * airport's areas are tens of kilometres across: they set the view themselves.
 */
const closest = (settings: MapSettings, airports: CivilAirport[]) =>
  airports.length ? 12 : settings.tiles ? 15 : 8;

/** The extent of the features of one record, or of all. */
function extentOf(features: Feature[], recordId?: string): Extent | undefined {
  const extent = createEmpty();
  let any = false;
  for (const feature of features) {
    if (recordId && feature.get('recordId') !== recordId) continue;
    const geometry = feature.getGeometry();
    if (!geometry) continue;
    extend(extent, geometry.getExtent());
    any = true;
  }
  return any ? extent : undefined;
}

/**
 * The airport screen's map (loaded with OpenLayers, on demand): the takeoff/landing points, or the civil
 * airports with their runway, 10 km buffer and height-limit area. It opens on what it draws the first time
 * there is something, and publishes what it draws on the map element for tests and tools: `data-points`
 * (names) and `data-airports` (name, and the nodes of the runway, buffer and height-limit area).
 */
export default function AirportMap({
  settings,
  points = [],
  airports = [],
  focusId,
  focusKey = 0,
  overlay,
  height = 300,
  testId,
}: AirportMapProps) {
  const source = useRef(new VectorSource()).current;
  const map = useRef<OlMap | null>(null);
  const fitted = useRef(false);

  const onReady = useCallback(
    (ready: OlMap) => {
      map.current = ready;
      const layer = new VectorLayer({ source, zIndex: 6, properties: { name: 'airports' } });
      ready.addLayer(layer);
      return () => {
        ready.removeLayer(layer);
        map.current = null;
      };
    },
    [source],
  );

  const fit = useCallback((extent: Extent | undefined, maxZoom: number) => {
    const ready = map.current;
    if (!ready || !extent) return;
    ready.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom, duration: 250 });
  }, []);

  useEffect(() => {
    const features = featuresOf(points, airports, settings.accent);
    source.clear(true);
    source.addFeatures(features);
    const element = map.current?.getTargetElement();
    if (element) {
      element.dataset.points = JSON.stringify(points.map((point) => point.name).sort());
      element.dataset.airports = JSON.stringify(
        airports
          .map((airport) => ({
            name: airport.name,
            runway: 2,
            buffer: airport.bufferGeometry.coordinates[0]!.length,
            heightLimit: airport.heightLimitGeometry.coordinates[0]!.length,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
    }
    if (!fitted.current && features.length) {
      fitted.current = true;
      fit(extentOf(features), closest(settings, airports));
    }
  }, [points, airports, settings, source, fit]);

  useEffect(() => {
    if (focusKey && focusId) fit(extentOf(source.getFeatures(), focusId), closest(settings, airports));
  }, [focusId, focusKey, source, fit, settings, airports]);

  return (
    <div className="airport-map">
      <MapView settings={settings} extent={CHINA_EXTENT} onReady={onReady} height={height} testId={testId} />
      {overlay}
    </div>
  );
}
