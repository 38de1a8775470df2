import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { ScaleLine, defaults as defaultControls } from 'ol/control';
import TileLayer from 'ol/layer/Tile';
import { fromLonLat, transformExtent } from 'ol/proj';
import XYZ from 'ol/source/XYZ';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { SEA_COLOR, labelsLayer, loadBoundaries, shapesLayer } from './boundaries';
import type { LonLat } from './coordinates';
import { gcj02Mercator } from './gcjProjection';
import { type BaseLayer, rememberLayer } from './layers';
import './map.css';
import type { MapSettings } from './settings';

export interface MapViewProps {
  /** the installation's settings and the map's strings (`useMapSettings()`, read outside the map chunk) */
  settings: MapSettings;
  /** where the map opens; without it (and without `extent`) the installation's MAP_CENTER and MAP_ZOOM */
  center?: LonLat;
  /** zoom at `center`; default the installation's MAP_ZOOM */
  zoom?: number;
  /** `[west, south, east, north]` in degrees to fit instead of a centre (ignored when `center` is given) */
  extent?: [number, number, number, number];
  /**
   * Called once the map exists, to add the screen's own layers and interactions; what it returns is called
   * when the map goes away.
   */
  onReady?: (map: OlMap) => void | (() => void);
  height?: CSSProperties['height'];
  testId?: string;
  /** the screen's own controls, stacked under the base-layer switcher (e.g. the zones toggle) */
  controls?: ReactNode;
}

/**
 * The console's map (OpenLayers, Web Mercator): the installation's raster tiles when MAP_TILE_URL is set, over
 * the offline boundaries that ship with the console, so a map without tiles, or whose tile server cannot be
 * reached, still shows where things are. Load it through `LazyMapView`: OpenLayers stays out of every chunk
 * that does not show a map.
 */
export default function MapView({
  settings,
  center,
  zoom,
  extent,
  onReady,
  height = 420,
  testId = 'map',
  controls,
}: MapViewProps) {
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [base, setBase] = useState(settings.layer);
  /** switches the base layer of the map that exists (set once the map is made) */
  const switchTo = useRef<(id: string) => void>(() => undefined);
  // The first props place the view; later changes are the caller's to apply through the map.
  const initial = useRef({ settings, center, zoom, extent, onReady });

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const { center: home, zoom: homeZoom, names, texts } = initial.current.settings;
    const map = new OlMap({
      target: element,
      controls: defaultControls({
        rotate: false,
        attributionOptions: { collapsible: false },
        zoomOptions: { zoomInTipLabel: texts.zoomIn, zoomOutTipLabel: texts.zoomOut },
      }).extend([new ScaleLine({ units: 'metric' })]),
      view: new View({ center: fromLonLat(home), zoom: homeZoom }),
    });
    placeView(map, initial.current);
    const { layers, layer: opening } = initial.current.settings;
    // One tile layer per configured base layer, made when first shown; only the chosen one is visible.
    const tileLayers = new Map<string, TileLayer>();
    let labels: ReturnType<typeof labelsLayer> | undefined;
    let active = opening;
    const show = (id: string) => {
      active = id;
      for (const [layerId, layer] of tileLayers) layer.setVisible(layerId === id);
      const chosen = layers.find((layer) => layer.id === id);
      if (chosen?.url && !tileLayers.has(id)) {
        const layer = tileLayer(chosen, texts.layerCredits[id]);
        tileLayers.set(id, layer);
        map.addLayer(layer);
      }
      // Province names over the boundaries alone; under tiles they would repeat the tiles' own labels.
      labels?.setZIndex(chosen?.url ? 0 : 2);
      element.dataset.baseLayer = id;
      element.dataset.baseCrs = chosen?.crs ?? 'WGS84';
    };
    show(opening);
    switchTo.current = (id) => {
      show(id);
      setBase(id);
      rememberLayer(id);
    };
    let disposed = false;
    loadBoundaries().then(
      (boundaries) => {
        if (disposed) return;
        // Under the tiles: they cover it where they load and it shows where they do not.
        const shapes = shapesLayer(boundaries, texts.boundariesSource);
        labels = labelsLayer(boundaries, names);
        shapes.setZIndex(0);
        map.addLayer(shapes);
        map.addLayer(labels);
        show(active);
        map.once('rendercomplete', () => setState('ready'));
      },
      () => !disposed && setState('failed'),
    );
    const cleanup = initial.current.onReady?.(map);
    // A map in a dialog is laid out while the dialog animates open: follow the element's size.
    const resize = new ResizeObserver(() => map.updateSize());
    resize.observe(element);
    return () => {
      disposed = true;
      resize.disconnect();
      cleanup?.();
      map.setTarget(undefined);
      map.dispose();
    };
  }, []);

  return (
    <div
      className="aos-map"
      style={
        {
          position: 'relative',
          height,
          background: SEA_COLOR,
          borderRadius: 6,
          overflow: 'hidden',
          '--aos-map-accent': settings.accent,
        } as CSSProperties
      }
    >
      <div ref={target} data-testid={testId} data-state={state} style={{ position: 'absolute', inset: 0 }} />
      {(settings.layers.length > 1 || controls) && (
        <div className="aos-map-controls">
          {settings.layers.length > 1 && (
            <div
              className="aos-map-layers"
              role="radiogroup"
              aria-label={settings.texts.baseLayer}
              data-testid={`${testId}-layers`}
            >
              {settings.layers.map((layer) => (
                <button
                  type="button"
                  key={layer.id}
                  role="radio"
                  aria-checked={base === layer.id}
                  className={base === layer.id ? 'is-active' : undefined}
                  onClick={() => switchTo.current(layer.id)}
                  data-testid={`${testId}-layer-${layer.id}`}
                >
                  {settings.texts.layerNames[layer.id]}
                </button>
              ))}
            </div>
          )}
          {controls}
        </div>
      )}
      {state === 'failed' && (
        <div
          role="alert"
          style={{
            position: 'absolute',
            bottom: 36, // clear of a screen's own notes at the top and of the attribution
            left: '50%',
            transform: 'translateX(-50%)',
            padding: '2px 10px',
            borderRadius: 4,
            background: 'rgba(255, 255, 255, 0.9)',
            color: '#d46b08',
            fontSize: 12,
          }}
        >
          {settings.texts.boundariesFailed}
        </div>
      )}
    </div>
  );
}

/**
 * A configured tile layer. A GCJ-02 layer's source declares the GCJ-02 grid, so OpenLayers warps its tiles
 * onto the view's WGS-84 Web Mercator and everything drawn over it stays in WGS-84.
 */
function tileLayer(layer: BaseLayer, credit: string | undefined): TileLayer {
  return new TileLayer({
    source: new XYZ({
      url: layer.url,
      attributions: credit,
      projection: layer.crs === 'GCJ02' ? gcj02Mercator() : 'EPSG:3857',
    }),
    zIndex: 1,
    properties: { name: 'tiles', baseLayer: layer.id, crs: layer.crs },
  });
}

/** Centre and zoom, or a fitted extent, or (neither) the installation's default view. */
function placeView(map: OlMap, { center, zoom, extent }: Pick<MapViewProps, 'center' | 'zoom' | 'extent'>) {
  const view = map.getView();
  if (center) {
    view.setCenter(fromLonLat(center));
    if (zoom !== undefined) view.setZoom(zoom);
  } else if (extent) {
    const size = map.getSize();
    view.fit(transformExtent(extent, 'EPSG:4326', 'EPSG:3857'), size ? { size } : { size: [800, 420] });
  }
}
