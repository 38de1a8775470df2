import type { InspectionObject, StoredGeometry } from '@aos/contract';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback, useEffect, useRef } from 'react';
import MapView from '../../../components/map/MapView';
import type { MapSettings } from '../../../components/map/settings';
import { closestFit, typeColor } from './colors';

export interface InspectionMapProps {
  settings: MapSettings;
  objects: InspectionObject[];
  focus?: StoredGeometry | null;
  focusKey?: number;
  height?: number;
  testId?: string;
}

function mapGeometry(geometry: StoredGeometry) {
  if (geometry.type === 'Point') return new Point(fromLonLat(geometry.coordinates));
  if (geometry.type === 'LineString')
    return new LineString(geometry.coordinates.map((position) => fromLonLat(position)));
  return new Polygon(geometry.coordinates.map((ring) => ring.map((position) => fromLonLat(position))));
}

const styles = new Map<string, Style>();
function objectStyle(type: number, name: string): Style {
  const key = `${type}|${name}`;
  let style = styles.get(key);
  if (!style) {
    const color = typeColor(type);
    style = new Style({
      image: new CircleStyle({
        radius: 6,
        fill: new Fill({ color }),
        stroke: new Stroke({ color: '#fff', width: 1.5 }),
      }),
      stroke: new Stroke({ color, width: 2.5 }),
      fill: new Fill({ color: `${color}26` }),
      text: new Text({
        text: name,
        font: '12px "PingFang SC", "Microsoft YaHei", sans-serif',
        offsetY: -16,
        fill: new Fill({ color: '#1f1f1f' }),
        stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.95)', width: 3 }),
        overflow: true,
      }),
    });
    styles.set(key, style);
  }
  return style;
}

/**
 * The tenant's inspection objects on a map, coloured by type and named; the view fits them the first time
 * there are any. Publishes the names it draws on the map element (`data-objects`) for tests and tools.
 */
export default function InspectionMap({
  settings,
  objects,
  focus,
  focusKey = 0,
  height = 320,
  testId = 'inspection-object-map',
}: InspectionMapProps) {
  const map = useRef<OlMap | null>(null);
  const source = useRef(new VectorSource());
  const fitted = useRef(false);
  const closest = closestFit(settings);

  const onReady = useCallback((ready: OlMap) => {
    map.current = ready;
    const layer = new VectorLayer({
      source: source.current,
      declutter: true,
      zIndex: 10,
      properties: { name: 'inspection-objects' },
      style: (feature) => objectStyle(feature.get('type') as number, feature.get('name') as string),
    });
    ready.addLayer(layer);
    return () => {
      ready.removeLayer(layer);
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const ready = map.current;
    if (!ready) return;
    source.current.clear(true);
    source.current.addFeatures(
      objects.map((object) => {
        const feature = new Feature({ geometry: mapGeometry(object.geometry) });
        feature.setId(object.id);
        feature.setProperties({ type: object.type, name: object.name });
        return feature;
      }),
    );
    const extent = source.current.getExtent();
    if (!fitted.current && objects.length && extent) {
      fitted.current = true;
      ready.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom: closest });
    }
    const element = ready.getTargetElement();
    if (element) element.dataset.objects = JSON.stringify(objects.map((object) => object.name).sort());
  }, [objects, closest]);

  useEffect(() => {
    const ready = map.current;
    if (!focusKey || !focus || !ready) return;
    ready.getView().fit(mapGeometry(focus).getExtent(), {
      padding: [60, 60, 60, 60],
      maxZoom: closest + 1,
      duration: 300,
    });
  }, [focus, focusKey, closest]);

  return <MapView settings={settings} onReady={onReady} height={height} testId={testId} />;
}
