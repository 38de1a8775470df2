import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { createEmpty, extend } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { useCallback, useEffect, useRef } from 'react';
import MapView from '../../components/map/MapView';
import { dockIcon, droneIcon } from '../../components/map/deviceIcons';
import type { MapSettings } from '../../components/map/settings';
import { waylineColor } from '../route/route/colors';

export interface TaskMapProps {
  settings: MapSettings;
  /** the planned route: each wayline's points `[lon, lat, height]` */
  waylines: [number, number, number][][];
  bbox: [number, number, number, number];
  /** the aircraft now (null: not known or not flying) and where it has been since the map opened */
  drone: { position: [number, number]; heading: number } | null;
  dock: [number, number] | null;
  /** keep the aircraft in view as it moves */
  follow: boolean;
  /** a recorded flown track `[lon, lat]` (a flight of the history), drawn as the flown path */
  track?: [number, number][];
  height?: number;
  testId: string;
}

const vertex = (color: string) =>
  new Style({
    image: new Circle({
      radius: 3,
      fill: new Fill({ color: '#fff' }),
      stroke: new Stroke({ color, width: 1.5 }),
    }),
  });
const FLOWN = new Style({ stroke: new Stroke({ color: '#fa541c', width: 3, lineDash: [6, 4] }) });

/**
 * A task's map: the planned route (each wayline in its colour, as the route manager draws it), the dock, and
 * the aircraft from the live socket with the path it flew since the map opened, followed while it flies.
 * What it drew is published on the map element for tests: `data-waylines`, `data-drone` (`[lon, lat]` or
 * null) and `data-flown` (points of the flown path).
 */
export default function TaskMap({
  settings,
  waylines,
  bbox,
  drone,
  dock,
  follow,
  track,
  height = 380,
  testId,
}: TaskMapProps) {
  const live = useRef<{
    map: OlMap;
    drone: Feature<Point>;
    flown: Feature<LineString>;
    dock: Feature<Point>;
    /** the route's extent, widened once to take in the dock when it is first known */
    extent: number[];
    dockFitted: boolean;
  }>(null);
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
        if (points.length <= 500)
          for (const [lon, lat] of points) {
            const dot = new Feature(new Point(fromLonLat([lon, lat])));
            dot.setStyle(vertex(color));
            features.push(dot);
          }
      });
      const route = new VectorLayer({ source: new VectorSource({ features }), zIndex: 6 });
      const droneFeature = new Feature<Point>();
      const flown = new Feature<LineString>(
        new LineString((track ?? []).map(([lon, lat]) => fromLonLat([lon, lat]))),
      );
      flown.setStyle(FLOWN);
      const dockFeature = new Feature<Point>();
      dockFeature.setStyle(new Style({ image: dockIcon('#1677ff') }));
      const moving = new VectorLayer({
        source: new VectorSource({ features: [flown, dockFeature, droneFeature] }),
        zIndex: 8,
      });
      map.addLayer(route);
      map.addLayer(moving);
      const extent = createEmpty();
      for (const feature of track?.length ? [...features, flown] : features) {
        const geometry = feature.getGeometry();
        if (geometry) extend(extent, geometry.getExtent());
      }
      live.current = { map, drone: droneFeature, flown, dock: dockFeature, extent, dockFitted: false };
      const fit = () => map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 18 });
      const size = map.getSize();
      if (features.length || track?.length) {
        if (size && size[0]! > 0 && size[1]! > 0) fit();
        map.once('change:size', fit);
      }
      const element = map.getTargetElement();
      if (element) {
        element.dataset.waylines = JSON.stringify(waylines.filter((p) => p.length > 0).map((p) => p.length));
        element.dataset.drone = 'null';
        element.dataset.flown = String(track?.length ?? 0);
      }
      return () => {
        map.removeLayer(route);
        map.removeLayer(moving);
        live.current = null;
      };
    },
    [waylines, track],
  );

  // the aircraft and its path: moved on every position the socket brings, the view following it if asked
  const [lon, lat] = drone?.position ?? [null, null];
  const heading = drone?.heading ?? 0;
  useEffect(() => {
    const current = live.current;
    if (!current) return;
    const element = current.map.getTargetElement();
    if (lon === null || lat === null) {
      current.drone.setGeometry(undefined);
      if (element) element.dataset.drone = 'null';
      return;
    }
    const at = fromLonLat([lon, lat]);
    current.drone.setGeometry(new Point(at));
    current.drone.setStyle(new Style({ image: droneIcon('#fa541c', heading) }));
    const path = current.flown.getGeometry()!;
    const last = path.getLastCoordinate();
    if (last.length === 0 || last[0] !== at[0] || last[1] !== at[1]) path.appendCoordinate(at);
    if (follow) {
      const view = current.map.getView();
      const extent = view.calculateExtent(current.map.getSize());
      const margin = (extent[2]! - extent[0]!) * 0.15;
      const inside =
        at[0]! > extent[0]! + margin &&
        at[0]! < extent[2]! - margin &&
        at[1]! > extent[1]! + margin &&
        at[1]! < extent[3]! - margin;
      if (!inside) view.setCenter(at);
    }
    if (element) {
      element.dataset.drone = JSON.stringify([lon, lat]);
      element.dataset.flown = String(path.getCoordinates().length);
    }
  }, [lon, lat, heading, follow]);

  const [dockLon, dockLat] = dock ?? [null, null];
  useEffect(() => {
    const current = live.current;
    if (!current) return;
    if (dockLon === null || dockLat === null) {
      current.dock.setGeometry(undefined);
      return;
    }
    const at = fromLonLat([dockLon, dockLat]);
    current.dock.setGeometry(new Point(at));
    if (!current.dockFitted) {
      // the flight starts and ends at the dock: show it with the route
      current.dockFitted = true;
      const both = extend([...current.extent], [at[0]!, at[1]!, at[0]!, at[1]!]);
      current.map.getView().fit(both, { padding: [40, 40, 40, 40], maxZoom: 18 });
    }
  }, [dockLon, dockLat]);

  return <MapView settings={settings} extent={bbox} onReady={onReady} height={height} testId={testId} />;
}
