import {
  type OilFeature,
  type OilLayer,
  type OilLayerSettings,
  OIL_LAYERS,
  type StoredGeometry,
} from '@aos/contract';
import Feature, { type FeatureLike } from 'ol/Feature';
import type OlMap from 'ol/Map';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { useCallback, useEffect, useRef } from 'react';
import MapView from '../../../components/map/MapView';
import type { MapSettings } from '../../../components/map/settings';
import { closestFit } from './fit';
import { layerStyle } from './oilStyle';
import { labelOf } from './symbols';

/** One oil layer as the map draws it: its settings (saved, or being tried in the dialog), shown or not. */
export interface DrawnLayer {
  layer: OilLayer;
  settings: OilLayerSettings;
  visible: boolean;
  features: OilFeature[];
}

export interface OilMapProps {
  settings: MapSettings;
  layers: DrawnLayer[];
  /** a feature to bring into view (a row's "locate"), with a new `focusKey` each time */
  focus?: StoredGeometry | null;
  focusKey?: number;
  height?: number | string;
  testId?: string;
}

type Handle = { layer: VectorLayer<VectorSource>; source: VectorSource; features?: OilFeature[] };

function mapGeometry(geometry: StoredGeometry) {
  if (geometry.type === 'Point') return new Point(fromLonLat(geometry.coordinates));
  if (geometry.type === 'LineString')
    return new LineString(geometry.coordinates.map((position) => fromLonLat(position)));
  return undefined;
}

/** The visible layer's range: OpenLayers shows a layer above its minZoom, the setting means "from". */
const fromZoom = (minZoom: number) => (minZoom > 0 ? minZoom - 1e-6 : -Infinity);

/**
 * The oil-field layers on a map: one vector layer each, in its own style, shown from its minimum zoom, lines
 * under points. What it draws is published on the map element (`data-oil`: each layer's settings, whether it
 * shows and the names of its features) for tests and tools.
 */
export default function OilMap({
  settings,
  layers,
  focus,
  focusKey = 0,
  height = 420,
  testId = 'oil-map',
}: OilMapProps) {
  const map = useRef<OlMap | null>(null);
  const handles = useRef(new Map<OilLayer, Handle>());
  const fitted = useRef(false);
  const closest = closestFit(settings);

  const onReady = useCallback((ready: OlMap) => {
    map.current = ready;
    for (const { layer, geometry } of OIL_LAYERS) {
      const source = new VectorSource();
      const vector = new VectorLayer({
        source,
        declutter: `oil-${geometry}`,
        zIndex: geometry === 'Point' ? 11 : 10,
        properties: { name: layer },
      });
      ready.addLayer(vector);
      handles.current.set(layer, { layer: vector, source });
    }
    return () => {
      for (const handle of handles.current.values()) ready.removeLayer(handle.layer);
      handles.current.clear();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const ready = map.current;
    if (!ready) return;
    const all = createEmpty();
    for (const drawn of layers) {
      const handle = handles.current.get(drawn.layer);
      if (!handle) continue;
      const kind = OIL_LAYERS.find((entry) => entry.layer === drawn.layer)!.geometry;
      if (handle.features !== drawn.features) {
        handle.features = drawn.features;
        handle.source.clear(true);
        handle.source.addFeatures(
          drawn.features.flatMap((row) => {
            const geometry = mapGeometry(row.geometry);
            if (!geometry) return [];
            const feature = new Feature({ geometry });
            feature.setId(row.id);
            feature.set('row', row);
            return [feature];
          }),
        );
      }
      const field = drawn.settings.labelField;
      handle.layer.setStyle(
        layerStyle(drawn.settings, kind, (feature: FeatureLike) =>
          labelOf(feature.get('row') as OilFeature, field),
        ),
      );
      handle.layer.setVisible(drawn.visible);
      handle.layer.setMinZoom(fromZoom(drawn.settings.minZoom));
      const extent = handle.source.getExtent();
      if (drawn.features.length && extent) extend(all, extent);
    }
    // The first time there is something to see, show all of it.
    if (!fitted.current && !isEmpty(all)) {
      fitted.current = true;
      ready.getView().fit(all, { padding: [48, 48, 48, 48], maxZoom: closest });
    }
    const element = ready.getTargetElement();
    if (element)
      element.dataset.oil = JSON.stringify(
        layers.map(({ layer, settings: style, visible, features }) => ({
          layer,
          visible,
          color: style.color,
          lineWidth: style.lineWidth,
          icon: style.icon,
          labelField: style.labelField,
          minZoom: style.minZoom,
          features: features.map((row) => row.name).sort(),
        })),
      );
  }, [layers, closest]);

  useEffect(() => {
    const ready = map.current;
    const geometry = focus ? mapGeometry(focus) : undefined;
    if (!focusKey || !geometry || !ready) return;
    ready
      .getView()
      .fit(geometry.getExtent(), { padding: [60, 60, 60, 60], maxZoom: closest + 1, duration: 300 });
  }, [focus, focusKey, closest]);

  return <MapView settings={settings} onReady={onReady} height={height} testId={testId} />;
}
