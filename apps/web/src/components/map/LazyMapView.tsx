import { Spin } from 'antd';
import { type CSSProperties, type ReactNode, Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMapChunk } from './load';
import type { MapViewProps } from './MapView';
import { useMapSettings } from './settings';

/** OpenLayers (about 100 kB gzip) is fetched the first time a map is shown, never with the screen. */
const MapView = lazy(() => loadMapChunk(() => import('./MapView')));

/** Where a map will be while its code loads: the map's own size, so the dialog or page does not jump. */
export function MapLoading({ height = 420 }: { height?: CSSProperties['height'] }) {
  const { t } = useTranslation();
  return (
    <div
      style={{
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f5f7fa',
        borderRadius: 6,
      }}
    >
      <Spin description={t('map.loading')} />
    </div>
  );
}

/** `MapView`, loaded on demand, with the installation's settings: the one way a screen shows a map. */
export function LazyMapView(props: Omit<MapViewProps, 'settings'> & { fallback?: ReactNode }) {
  const { fallback, ...map } = props;
  const settings = useMapSettings();
  return (
    <Suspense fallback={fallback ?? <MapLoading height={map.height} />}>
      <MapView settings={settings} {...map} />
    </Suspense>
  );
}
