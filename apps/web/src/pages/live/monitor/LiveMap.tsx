import type OlMap from 'ol/Map';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import MapView from '../../../components/map/MapView';
import { MarkLayerTree } from '../../../components/map/marks/MarkLayerTree';
import type { MapSettings } from '../../../components/map/settings';
import type { AreaLoader } from '../../../components/map/zones/api';
import { ZonesLayer } from '../../../components/map/zones/ZonesLayer';
import { ZonesToggle } from '../../../components/map/zones/ZonesToggle';
import { HoverCard } from './HoverCard';
import { LiveLayer, type MapHover } from './liveLayer';
import type { StatusFilter } from './status';

/** What the page asks of the map. */
export interface LiveMapHandle {
  /** centre on a device; false when its position is unknown */
  focus(sn: string): boolean;
}

export interface LiveMapProps {
  settings: MapSettings;
  handle: RefObject<LiveMapHandle | null>;
  onSelect: (sn: string) => void;
  selected: string | null;
  /** registry names by serial number */
  names: Map<string, string>;
  /** docks hidden from maps */
  hidden: Set<string>;
  /** the statuses chosen on the legend (empty: all) */
  filter: StatusFilter;
  /** the tenant's zones, fences, airspaces and airport areas in a box (a toggleable layer) */
  loadZones: AreaLoader;
}

/** The live map: OpenLayers with the live layer. Loaded on demand with OpenLayers (see LiveMonitorPage). */
export default function LiveMap({
  settings,
  handle,
  onSelect,
  selected,
  names,
  hidden,
  filter,
  loadZones,
}: LiveMapProps) {
  const layer = useRef<LiveLayer | null>(null);
  const zones = useRef<ZonesLayer | null>(null);
  const [showZones, setShowZones] = useState(true);
  const loader = useRef(loadZones);
  loader.current = loadZones;
  const [hover, setHover] = useState<MapHover | null>(null);
  const [olMap, setOlMap] = useState<OlMap | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const latest = useRef({ names, hidden, selected, filter });
  latest.current = { names, hidden, selected, filter };

  const onReady = useCallback(
    (map: OlMap) => {
      const element = map.getTargetElement() as HTMLElement;
      const live = new LiveLayer(map, element, (sn) => select.current(sn), setHover);
      live.setNames(latest.current.names);
      live.setHidden(latest.current.hidden);
      live.setFilter(latest.current.filter);
      live.setSelected(latest.current.selected);
      layer.current = live;
      // under the devices (zIndex 20+), over the base map
      zones.current = new ZonesLayer(map, (box) => loader.current(box), { zIndex: 5 });
      handle.current = { focus: (sn) => live.focus(sn) };
      setOlMap(map);
      return () => {
        zones.current?.dispose();
        zones.current = null;
        live.dispose();
        layer.current = null;
        handle.current = null;
        setHover(null);
        setOlMap(null);
      };
    },
    [handle],
  );

  useEffect(() => layer.current?.setNames(names), [names]);
  useEffect(() => layer.current?.setHidden(hidden), [hidden]);
  useEffect(() => layer.current?.setFilter(filter), [filter]);
  useEffect(() => layer.current?.setSelected(selected), [selected]);
  useEffect(() => zones.current?.setVisible(showZones), [showZones]);

  return (
    <>
      <MapView
        settings={settings}
        onReady={onReady}
        height="100%"
        testId="live-map"
        controls={
          <ZonesToggle
            settings={settings}
            shown={showZones}
            onToggle={() => setShowZones((shown) => !shown)}
            testId="live-map-zones"
          />
        }
      />
      {hover && <HoverCard hover={hover} names={names} />}
      <MarkLayerTree map={olMap} testId="live-map-marks" />
    </>
  );
}
