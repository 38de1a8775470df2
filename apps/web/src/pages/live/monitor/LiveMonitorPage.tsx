import { App, Empty, Typography } from 'antd';
import { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGranted } from '../../../navigation/route-titles';
import { MapLoading } from '../../../components/map/LazyMapView';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { areasInBox } from '../../../components/map/zones/api';
import { useLiveConnection, useLiveStore } from '../../../live/store';
import { useDockOptions, useOnlineDrones } from './api';
import { ConnectionBadge } from './ConnectionBadge';
import { DeviceList, StatusDot } from './DeviceList';
import { DockPanel } from './DockPanel';
import { type FleetEntry, fleetEntries } from './fleet';
import type { LiveMapHandle } from './LiveMap';
import { STATUS_COLORS, type DeviceStatus, type StatusFilter, toggleStatus } from './status';
import { useThrottledDevices } from './useThrottledDevices';
import './live-monitor.css';
import './locale';
import '../../../components/map/marks/locale';

/** OpenLayers and the live layer arrive with the map, not with the screen's first paint. */
const LiveMap = lazy(() => loadMapChunk(() => import('./LiveMap')));

const LEGEND: DeviceStatus[] = ['online', 'working', 'flying', 'alarm', 'offline'];

/** Real-time monitoring (spec §1, §2): every dock and drone of the tenant on a map, live. */
export default function LiveMonitorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  useLiveConnection();
  const settings = useMapSettings();
  const devices = useThrottledDevices();
  const ready = useLiveStore((state) => state.ready);
  const docks = useDockOptions();
  const drones = useOnlineDrones();
  const [selected, setSelected] = useState<string | null>(null);
  const [filter, setFilter] = useState<StatusFilter>(() => new Set());
  const map = useRef<LiveMapHandle | null>(null);

  const entries = useMemo(
    () => fleetEntries(devices, docks.data ?? [], drones.data ?? []),
    [devices, docks.data, drones.data],
  );
  const names = useMemo(() => new Map(entries.map((entry) => [entry.sn, entry.name])), [entries]);
  const hidden = useMemo(
    () => new Set((docks.data ?? []).filter((dock) => dock.visible !== 1).map((dock) => dock.serialNumber)),
    [docks.data],
  );
  const chosen = entries.find((entry) => entry.sn === selected) ?? null;
  const canRemote = useGranted('remote_control');
  const empty = docks.isSuccess && ready && entries.length === 0;

  const pick = useCallback(
    (entry: FleetEntry) => {
      setSelected(entry.sn);
      if (!map.current?.focus(entry.sn))
        void message.info(t('liveMap.noPositionToast', { name: entry.name }));
    },
    [message, t],
  );

  return (
    <div className="live-monitor" data-testid="live-monitor">
      <DeviceList entries={entries} filter={filter} selected={selected} onPick={pick} />
      <div className="live-monitor__map">
        <Suspense fallback={<MapLoading height="100%" />}>
          <LiveMap
            settings={settings}
            handle={map}
            onSelect={setSelected}
            selected={selected}
            names={names}
            hidden={hidden}
            filter={filter}
            loadZones={areasInBox}
          />
        </Suspense>
        <ConnectionBadge />
        <div
          className={`live-legend${filter.size ? ' is-filtering' : ''}`}
          role="group"
          aria-label={t('liveMap.legend')}
          title={t('liveMap.legendHint')}
        >
          {LEGEND.map((status) => (
            <button
              type="button"
              key={status}
              className="live-legend__item"
              aria-pressed={filter.has(status)}
              onClick={() => setFilter((current) => toggleStatus(current, status))}
              data-testid={`live-legend-${status}`}
            >
              <StatusDot color={STATUS_COLORS[status]} />
              {t(`liveMap.status.${status}`)}
            </button>
          ))}
        </div>
        {empty && (
          <div className="live-empty" data-testid="live-empty">
            <Empty
              description={
                <>
                  <Typography.Text strong>{t('liveMap.empty')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('liveMap.emptyHint')}</Typography.Text>
                </>
              }
            />
          </div>
        )}
        {chosen && <DockPanel entry={chosen} canRemote={canRemote} onClose={() => setSelected(null)} />}
      </div>
    </div>
  );
}
