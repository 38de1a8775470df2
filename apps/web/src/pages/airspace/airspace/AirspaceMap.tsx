import type { AreaGeometry, AirspaceStatus } from '@aos/contract';
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback, useEffect, useRef } from 'react';
import MapView from '../../../components/map/MapView';
import { CHINA_EXTENT } from '../../../components/map/coordinates';
import type { MapSettings } from '../../../components/map/settings';
import { areaMapGeometry } from '../../../components/map/zones/ZonesLayer';
import { STATUS_COLORS } from './status';

/** One range the map draws. */
export interface MappedRange {
  id: string;
  name: string;
  geometry: AreaGeometry;
  status: AirspaceStatus;
}

export interface AirspaceMapProps {
  settings: MapSettings;
  ranges: readonly MappedRange[];
  /** the range drawn over the others, thicker, and brought into view with each new `focusKey` */
  selectedId?: string | null;
  focusKey?: number;
  /** takeoff/landing positions to mark, `[longitude, latitude]` */
  points?: ReadonlyArray<readonly [number, number]>;
  /** a click on a range */
  onSelect?: (id: string) => void;
  height?: number | string;
  testId?: string;
}

/** A takeoff/landing position: a white-ringed dot. */
const POINT_STYLE = new Style({
  image: new CircleStyle({
    radius: 6,
    fill: new Fill({ color: '#722ed1' }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
  zIndex: 20,
});

const styles = new Map<string, Style>();
function rangeStyle(status: AirspaceStatus, name: string, selected: boolean): Style {
  const key = `${status}|${name}|${selected}`;
  let style = styles.get(key);
  if (!style) {
    const color = STATUS_COLORS[status];
    style = new Style({
      stroke: new Stroke({
        color,
        width: selected ? 4 : 2,
        lineDash: status === 'draft' ? [8, 6] : undefined,
      }),
      fill: new Fill({ color: `${color}${selected ? '40' : '1f'}` }),
      zIndex: selected ? 10 : 1,
      text: new Text({
        text: name,
        font: `${selected ? 'bold ' : ''}12px "PingFang SC", "Microsoft YaHei", sans-serif`,
        fill: new Fill({ color }),
        stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 3 }),
        overflow: true,
      }),
    });
    styles.set(key, style);
  }
  return style;
}

/**
 * The airspace screen's map: the listed applications' ranges (polygons and circles) coloured by status, the
 * selected one highlighted and fitted. Publishes what it draws on the map element (`data-ranges`, names,
 * `data-selected`, and `data-fitted`: the range last brought into view) for tests and tools. Loaded with OpenLayers, on demand.
 */
export default function AirspaceMap({
  settings,
  ranges,
  selectedId,
  focusKey = 0,
  onSelect,
  points,
  height = 480,
  testId = 'airspace-map',
}: AirspaceMapProps) {
  const source = useRef(new VectorSource()).current;
  const map = useRef<OlMap | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;

  /** a focus was asked for (fitted again when the map's size changes) */
  const focused = useRef(false);
  /** a focus was asked for before its range was drawn: fitted once it is */
  const pending = useRef(false);
  const selected = useRef(selectedId);
  selected.current = selectedId;

  /** Bring the selected range into view (without one selected, every range); false when there is none yet. */
  const fit = useCallback(
    (animate: boolean) => {
      const ready = map.current;
      const id = selected.current;
      const size = ready?.getSize();
      // not laid out yet (a dialog opening): fitting into no room would leave the view nowhere
      if (!ready || !size || size[0]! < 120 || size[1]! < 120) return false;
      const chosen = id ? source.getFeatureById(id) : null;
      if (id && !chosen) return false;
      const extent =
        chosen?.getGeometry()?.getExtent() ?? (source.getFeatures().length ? source.getExtent() : null);
      if (!extent) return false;
      ready.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 15, duration: animate ? 300 : 0 });
      const element = ready.getTargetElement();
      if (element) element.dataset.fitted = chosen ? String(chosen.get('name')) : '*';
      return true;
    },
    [source],
  );

  const onReady = useCallback(
    (ready: OlMap) => {
      map.current = ready;
      const layer = new VectorLayer({
        source,
        zIndex: 5,
        properties: { name: 'airspace-ranges' },
        style: (feature) =>
          feature.get('point')
            ? POINT_STYLE
            : rangeStyle(
                feature.get('status') as AirspaceStatus,
                feature.get('name') as string,
                Boolean(feature.get('selected')),
              ),
      });
      ready.addLayer(layer);
      const click = (event: { pixel: number[] }) => {
        const hit = ready.forEachFeatureAtPixel(event.pixel, (feature) => feature, {
          layerFilter: (candidate) => candidate === layer,
        });
        if (hit && !hit.get('point')) select.current?.(String(hit.getId()));
      };
      ready.on('singleclick', click);
      // a map in a dialog gets its size while the dialog opens: the range asked for is fitted again then
      const resized = () => {
        if (focused.current) fit(false);
      };
      ready.on('change:size', resized);
      ready.once('rendercomplete', resized);
      return () => {
        ready.un('singleclick', click);
        ready.un('change:size', resized);
        ready.removeLayer(layer);
        map.current = null;
      };
    },
    [source, fit],
  );

  useEffect(() => {
    source.clear(true);
    source.addFeatures(
      ranges.map((range) => {
        const feature = new Feature({ geometry: areaMapGeometry(range.geometry) });
        feature.setId(range.id);
        feature.setProperties({ name: range.name, status: range.status, selected: range.id === selectedId });
        return feature;
      }),
    );
    source.addFeatures(
      (points ?? []).map(
        (position) => new Feature({ geometry: new Point(fromLonLat([...position])), point: true }),
      ),
    );
    const element = map.current?.getTargetElement();
    if (element) {
      element.dataset.ranges = JSON.stringify(ranges.map((range) => range.name).sort());
      element.dataset.selected = ranges.find((range) => range.id === selectedId)?.name ?? '';
    }
    if (pending.current) pending.current = !fit(true);
  }, [source, ranges, points, selectedId, fit]);

  // A new focus request brings the selected range into view, now or once it is drawn.
  useEffect(() => {
    if (!focusKey) return;
    focused.current = true;
    pending.current = !fit(true);
  }, [fit, focusKey]);

  return (
    <MapView settings={settings} extent={CHINA_EXTENT} onReady={onReady} height={height} testId={testId} />
  );
}
