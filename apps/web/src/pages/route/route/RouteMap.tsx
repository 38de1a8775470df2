import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { createEmpty, extend } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback } from 'react';
import MapView from '../../../components/map/MapView';
import type { MapSettings } from '../../../components/map/settings';
import { waylineColor } from './colors';

export interface RouteMapProps {
  settings: MapSettings;
  /** each wayline's points `[lon, lat, height]` */
  waylines: [number, number, number][][];
  /** [west, south, east, north] of every waypoint: where the map opens */
  bbox: [number, number, number, number];
  /** the start and end markers' labels */
  labels: { start: string; end: string };
  height?: number;
  testId: string;
}

const FONT = '12px "PingFang SC", "Microsoft YaHei", sans-serif';
const HALO = new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 3 });

const marker = (text: string, color: string) =>
  new Style({
    image: new Circle({
      radius: 8,
      fill: new Fill({ color }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
    text: new Text({ text, font: FONT, fill: new Fill({ color }), stroke: HALO, offsetY: -18 }),
  });
const vertex = (color: string) =>
  new Style({
    image: new Circle({
      radius: 3,
      fill: new Fill({ color: '#fff' }),
      stroke: new Stroke({ color, width: 1.5 }),
    }),
  });

/**
 * A route on the map (loaded with OpenLayers, on demand): each wayline in its own colour with its waypoints,
 * a green start and a red end marker. It opens on the route and publishes what it drew on the map element for
 * tests and tools: `data-waylines` (the point count of each wayline drawn), `data-start` and `data-end`
 * (`[lon, lat]`).
 */
export default function RouteMap({ settings, waylines, bbox, labels, height = 360, testId }: RouteMapProps) {
  const onReady = useCallback(
    (map: OlMap) => {
      const features: Feature[] = [];
      waylines.forEach((points, index) => {
        if (points.length === 0) return;
        const color = waylineColor(index);
        const line = new Feature(new LineString(points.map(([lon, lat]) => fromLonLat([lon, lat]))));
        line.setStyle([
          new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 6 }) }),
          new Style({ stroke: new Stroke({ color, width: 3 }) }),
        ]);
        features.push(line);
        if (points.length <= 500) {
          for (const [lon, lat] of points) {
            const dot = new Feature(new Point(fromLonLat([lon, lat])));
            dot.setStyle(vertex(color));
            features.push(dot);
          }
        }
      });
      const flown = waylines.filter((points) => points.length > 0);
      const first = flown[0]?.[0];
      const last = flown.at(-1)?.at(-1);
      if (last) {
        const end = new Feature(new Point(fromLonLat([last[0], last[1]])));
        end.setStyle(marker(labels.end, '#cf1322'));
        features.push(end);
      }
      if (first) {
        const start = new Feature(new Point(fromLonLat([first[0], first[1]])));
        start.setStyle(marker(labels.start, '#389e0d'));
        features.push(start);
      }
      const source = new VectorSource({ features });
      const layer = new VectorLayer({ source, zIndex: 6, properties: { name: 'route' } });
      map.addLayer(layer);

      const extent = createEmpty();
      for (const feature of features) {
        const geometry = feature.getGeometry();
        if (geometry) extend(extent, geometry.getExtent());
      }
      // a map in a drawer is laid out while the drawer slides in: fit once it has a size
      const fit = () => map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 18 });
      const size = map.getSize();
      if (features.length) {
        if (size && size[0]! > 0 && size[1]! > 0) fit();
        map.once('change:size', fit);
      }

      const element = map.getTargetElement();
      if (element) {
        element.dataset.waylines = JSON.stringify(flown.map((points) => points.length));
        element.dataset.start = JSON.stringify(first ? [first[0], first[1]] : null);
        element.dataset.end = JSON.stringify(last ? [last[0], last[1]] : null);
      }
      return () => {
        map.removeLayer(layer);
      };
    },
    [waylines, labels],
  );

  return <MapView settings={settings} extent={bbox} onReady={onReady} height={height} testId={testId} />;
}
