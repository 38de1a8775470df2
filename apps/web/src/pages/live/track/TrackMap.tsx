import type { TrackPoint } from '@aos/contract';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { boundingExtent } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { useCallback, useEffect, useRef, useState } from 'react';
import { droneIcon } from '../../../components/map/deviceIcons';
import MapView from '../../../components/map/MapView';
import type { MapSettings } from '../../../components/map/settings';
import type { AreaLoader } from '../../../components/map/zones/api';
import { ZonesLayer } from '../../../components/map/zones/ZonesLayer';
import { ZonesToggle } from '../../../components/map/zones/ZonesToggle';
import { type ReplaySample, pointIndexAt } from './replay';

export interface TrackMapProps {
  settings: MapSettings;
  points: readonly TrackPoint[];
  /** the drone at the replay's cursor */
  sample: ReplaySample | null;
  /** the tenant's zones, fences, airspaces and airport areas in a box (a toggleable layer) */
  loadZones: AreaLoader;
}

const PATH = '#1677ff';
const pathStyle = new Style({ stroke: new Stroke({ color: 'rgba(22, 119, 255, 0.35)', width: 4 }) });
const flownStyle = new Style({
  stroke: new Stroke({ color: PATH, width: 4, lineCap: 'round', lineJoin: 'round' }),
});
const endStyle = (color: string) =>
  new Style({
    image: new Circle({
      radius: 6,
      fill: new Fill({ color }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
  });

/** A stored flight on the map: its whole path, the part flown so far and the drone at the cursor. */
export default function TrackMap({ settings, points, sample, loadZones }: TrackMapProps) {
  const zones = useRef<ZonesLayer | null>(null);
  const [showZones, setShowZones] = useState(true);
  const loader = useRef(loadZones);
  loader.current = loadZones;
  const parts = useRef({
    map: null as OlMap | null,
    path: new Feature<LineString>(),
    flown: new Feature<LineString>(),
    start: new Feature<Point>(),
    end: new Feature<Point>(),
    drone: new Feature<Point>(),
    /** the points in map coordinates, once per flight */
    projected: [] as number[][],
  }).current;

  const onReady = useCallback(
    (map: OlMap) => {
      parts.map = map;
      parts.path.setStyle(pathStyle);
      parts.flown.setStyle(flownStyle);
      parts.start.setStyle(endStyle('#52c41a'));
      parts.end.setStyle(endStyle('#f5222d'));
      const layer = new VectorLayer({
        source: new VectorSource({
          features: [parts.path, parts.flown, parts.start, parts.end, parts.drone],
        }),
        zIndex: 20,
        properties: { name: 'track' },
      });
      map.addLayer(layer);
      zones.current = new ZonesLayer(map, (box) => loader.current(box), { zIndex: 5 });
      return () => {
        zones.current?.dispose();
        zones.current = null;
        map.removeLayer(layer);
        parts.map = null;
      };
    },
    [parts],
  );

  // A new flight: its path, its ends, and the view around it.
  useEffect(() => {
    const coordinates = points.map((point) => fromLonLat([point.longitude, point.latitude]));
    parts.projected = coordinates;
    parts.path.setGeometry(coordinates.length > 1 ? new LineString(coordinates) : undefined);
    parts.start.setGeometry(coordinates.length ? new Point(coordinates[0]!) : undefined);
    parts.end.setGeometry(
      coordinates.length > 1 ? new Point(coordinates[coordinates.length - 1]!) : undefined,
    );
    const map = parts.map;
    if (map && coordinates.length) {
      const size = map.getSize();
      map.getView().fit(boundingExtent(coordinates), {
        // clear of the player over the map's bottom; a short flight is shown close, tiles or not
        padding: [60, 60, 180, 60],
        maxZoom: 17,
        ...(size ? { size } : {}),
      });
    }
  }, [points, parts]);

  // The cursor: the drone and the part flown.
  useEffect(() => {
    if (!sample) {
      parts.drone.setGeometry(undefined);
      parts.flown.setGeometry(undefined);
      return;
    }
    const here = fromLonLat([sample.longitude, sample.latitude]);
    parts.drone.setGeometry(new Point(here));
    parts.drone.setStyle(new Style({ image: droneIcon(PATH, sample.heading ?? 0) }));
    const index = pointIndexAt(points, sample.timestamp);
    const flown = parts.projected.slice(0, index + 1).concat([here]);
    parts.flown.setGeometry(flown.length > 1 ? new LineString(flown) : undefined);
    const element = parts.map?.getTargetElement();
    if (element)
      element.dataset.cursor = `${sample.longitude.toFixed(6)},${sample.latitude.toFixed(6)},${Math.round(sample.heading ?? 0)}`;
  }, [sample, points, parts]);

  useEffect(() => zones.current?.setVisible(showZones), [showZones]);

  return (
    <MapView
      settings={settings}
      onReady={onReady}
      height="100%"
      testId="track-map"
      controls={
        <ZonesToggle
          settings={settings}
          shown={showZones}
          onToggle={() => setShowZones((shown) => !shown)}
          testId="track-map-zones"
        />
      }
    />
  );
}
