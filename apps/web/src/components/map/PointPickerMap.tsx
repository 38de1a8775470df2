import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import Point from 'ol/geom/Point';
import Translate from 'ol/interaction/Translate';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Icon, Style } from 'ol/style';
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import MapView from './MapView';
import { CHINA_EXTENT, type LonLat, normalizeLonLat } from './coordinates';
import type { MapSettings } from './settings';

export interface PointPickerMapProps {
  settings: MapSettings;
  /** the point shown by the marker */
  value?: LonLat;
  /** a click or a marker drag picked this point (normalized, six decimals) */
  onPick: (value: LonLat) => void;
  /** each new number brings the view to `value` */
  locateKey: number;
  height?: number;
}

/** Pixels around the marker that still grab it (a finger or a shaky hand). */
const HIT_TOLERANCE = 6;

/**
 * How close the view comes to a value: street level over tiles; over the offline boundaries alone a closer
 * zoom would show nothing but one province's plain land.
 */
const valueZoom = (settings: MapSettings) => (settings.tiles ? 15 : 8);

/** A pin in the theme colour whose tip is the point. */
function markerStyle(color: string): Style {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40" viewBox="0 0 30 40">` +
    `<path d="M15 39C15 39 27.5 25.6 27.5 15.2C27.5 8.1 21.9 2.5 15 2.5S2.5 8.1 2.5 15.2C2.5 25.6 15 39 15 39Z" ` +
    `fill="${color}" stroke="#ffffff" stroke-width="2"/><circle cx="15" cy="15" r="4.8" fill="#ffffff"/></svg>`;
  return new Style({
    image: new Icon({
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
      anchor: [0.5, 39 / 40],
      width: 30,
      height: 40,
    }),
  });
}

/** The picker's map: click to place the marker, drag it to adjust. Loaded with OpenLayers, on demand. */
export default function PointPickerMap({
  settings,
  value,
  onPick,
  locateKey,
  height = 440,
}: PointPickerMapProps) {
  const marker = useRef(new Feature<Point>()).current;
  const map = useRef<OlMap | undefined>(undefined);
  const pick = useRef(onPick);
  pick.current = onPick;
  const initial = useRef(value).current;

  const onReady = useCallback(
    (ready: OlMap) => {
      map.current = ready;
      const layer = new VectorLayer({
        source: new VectorSource({ features: [marker] }),
        style: markerStyle(settings.accent),
        zIndex: 10,
        properties: { name: 'picked-point' },
      });
      ready.addLayer(layer);
      const onMarker = (pixel: number[]) =>
        ready.hasFeatureAtPixel(pixel, {
          layerFilter: (candidate) => candidate === layer,
          hitTolerance: HIT_TOLERANCE,
        });
      const translate = new Translate({ layers: [layer], hitTolerance: HIT_TOLERANCE });
      translate.on('translateend', () => {
        const point = marker.getGeometry();
        if (point) pick.current(normalizeLonLat(toLonLat(point.getCoordinates()) as LonLat));
      });
      ready.addInteraction(translate);
      const click = (event: MapBrowserEvent) => {
        if (onMarker(event.pixel)) return; // a click on the marker keeps its exact point
        const picked = normalizeLonLat(toLonLat(event.coordinate) as LonLat);
        marker.setGeometry(new Point(fromLonLat(picked)));
        pick.current(picked);
      };
      const hover = (event: MapBrowserEvent) => {
        const viewport = ready.getViewport();
        if (viewport && !event.dragging) viewport.style.cursor = onMarker(event.pixel) ? 'grab' : 'crosshair';
      };
      ready.on('singleclick', click);
      ready.on('pointermove', hover);
      return () => {
        ready.un('singleclick', click);
        ready.un('pointermove', hover);
        map.current = undefined;
      };
    },
    [marker, settings],
  );

  const [longitude, latitude] = value ?? [];
  useEffect(() => {
    const point = longitude === undefined || latitude === undefined ? undefined : [longitude, latitude];
    marker.setGeometry(point ? new Point(fromLonLat(point)) : undefined);
  }, [marker, longitude, latitude]);

  // Only a new locate request moves the view (to the value as it is then): typing a value only moves the marker.
  const locate = useEffectEvent(() => {
    const view = map.current?.getView();
    if (!locateKey || !view || longitude === undefined || latitude === undefined) return;
    view.animate({
      center: fromLonLat([longitude, latitude]),
      zoom: Math.max(view.getZoom() ?? 0, valueZoom(settings)),
      duration: 350,
    });
  });
  useEffect(() => locate(), [locateKey]);

  return (
    <MapView
      settings={settings}
      center={initial}
      zoom={initial ? valueZoom(settings) : undefined}
      extent={initial ? undefined : CHINA_EXTENT}
      onReady={onReady}
      height={height}
      testId="map-picker-map"
    />
  );
}
