import type { AreaGeometry } from '@aos/contract';
import type OlMap from 'ol/Map';
import { useCallback, useEffect, useRef } from 'react';
import MapView from '../MapView';
import { CHINA_EXTENT } from '../coordinates';
import type { MapSettings } from '../settings';
import type { AreaLoader } from './api';
import { ZonesLayer, areaMapGeometry } from './ZonesLayer';

export interface ZonesMapProps {
  settings: MapSettings;
  load: AreaLoader;
  /** each new number reads the areas again (after a save, a delete, an import) */
  refreshKey: number;
  /** an area to bring into view (a row's "locate"), with a new `focusKey` each time */
  focus?: AreaGeometry | null;
  focusKey?: number;
  height?: number | string;
  testId?: string;
}

/** A screen's map of the tenant's areas (the zone screens), loaded with OpenLayers on demand. */
export default function ZonesMap({
  settings,
  load,
  refreshKey,
  focus,
  focusKey = 0,
  height = 360,
  testId = 'zones-map',
}: ZonesMapProps) {
  const zones = useRef<ZonesLayer | null>(null);
  const map = useRef<OlMap | null>(null);
  const loader = useRef(load);
  loader.current = load;

  const onReady = useCallback((ready: OlMap) => {
    map.current = ready;
    const layer = new ZonesLayer(ready, (box) => loader.current(box));
    zones.current = layer;
    return () => {
      layer.dispose();
      zones.current = null;
      map.current = null;
    };
  }, []);

  useEffect(() => {
    if (refreshKey) zones.current?.refresh();
  }, [refreshKey]);

  useEffect(() => {
    const ready = map.current;
    if (!focusKey || !focus || !ready) return;
    ready.getView().fit(areaMapGeometry(focus).getExtent(), {
      padding: [40, 40, 40, 40],
      maxZoom: 15,
      duration: 300,
    });
  }, [focus, focusKey]);

  return (
    <MapView settings={settings} extent={CHINA_EXTENT} onReady={onReady} height={height} testId={testId} />
  );
}
