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
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { useCallback, useEffect, useRef, useState } from 'react';
import MapView from '../../../components/map/MapView';
import type { MapSettings } from '../../../components/map/settings';
import { closestFit } from './fit';
import { FeatureCard } from './FeatureCard';
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
  /** a feature clicked on the map: its layer (the table shows that layer) */
  onPick?: (layer: OilLayer) => void;
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
  onPick,
}: OilMapProps) {
  const [picked, setPicked] = useState<{ row: OilFeature; x: number; y: number } | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);
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
    const ours = new Set<unknown>([...handles.current.values()].map((handle) => handle.layer));
    const hits = { hitTolerance: 4, layerFilter: (layer: unknown) => ours.has(layer) };
    // A click on a feature shows what it is, and chooses its layer for the table; a pan puts the card away.
    const clicked = (event: MapBrowserEvent) => {
      const hit = ready.forEachFeatureAtPixel(
        event.pixel,
        (feature) => feature.get('row') as OilFeature | undefined,
        {
          hitTolerance: 4,
        },
      );
      const [width = 0, height = 0] = ready.getSize() ?? [];
      // beside the click, inside the map
      const x = Math.max(8, Math.min(event.pixel[0]! + 12, width - 272));
      const y = Math.max(8, Math.min(event.pixel[1]! + 12, height - 180));
      setPicked(hit ? { row: hit, x, y } : null);
      if (hit) pick.current?.(hit.layer);
    };
    const moved = () => setPicked(null);
    const pointer = (event: MapBrowserEvent) => {
      const over = !event.dragging && ready.hasFeatureAtPixel(event.pixel, hits);
      const viewport = ready.getViewport();
      if (viewport) viewport.style.cursor = over ? 'pointer' : '';
    };
    ready.on('singleclick', clicked);
    ready.on('movestart', moved);
    ready.on('pointermove', pointer);
    return () => {
      ready.un('singleclick', clicked);
      ready.un('movestart', moved);
      ready.un('pointermove', pointer);
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

  return (
    <div style={{ position: 'relative' }}>
      <MapView settings={settings} onReady={onReady} height={height} testId={testId} />
      {picked && <FeatureCard row={picked.row} x={picked.x} y={picked.y} onClose={() => setPicked(null)} />}
    </div>
  );
}
