import type { FlightTrack } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLoading } from '../../../components/map/LazyMapView';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { areasInBox } from '../../../components/map/zones/api';
import { useDockOptions, useOnlineDrones } from '../monitor/api';
import { type TrackFilter, flightPoints, trackPage } from './api';
import { FlightList } from './FlightList';
import { Player } from './Player';
import { sampleAt } from './replay';
import { useReplay } from './useReplay';
import './track-replay.css';
import './locale';

const TrackMap = lazy(() => loadMapChunk(() => import('./TrackMap')));

const PAGE_SIZE = 10;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DEFAULT_DAYS = 7;

type Range = [Dayjs | null, Dayjs | null] | null;

/** `dock:SN` or `drone:SN`, the picker's value, and the time range (either end may be open) as the filter. */
function filterOf(device: string | undefined, range: Range): TrackFilter {
  const [kind, sn] = device ? (device.split(':', 2) as [string, string]) : [];
  return {
    ...(kind === 'dock' ? { hangarSerialNumber: sn } : kind === 'drone' ? { serialNumber: sn } : {}),
    ...(range?.[0] ? { startTime: range[0].format(FORMAT) } : {}),
    ...(range?.[1] ? { endTime: range[1].endOf('minute').format(FORMAT) } : {}),
  };
}

/** Track replay (spec §2): pick a dock or drone and a time range, choose a flight, replay it on the map. */
export default function TrackReplayPage() {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const docks = useDockOptions();
  const drones = useOnlineDrones();
  const [device, setDevice] = useState<string | undefined>();
  // Open-ended by default: the server's times are its TIME_ZONE's wall clock, which a browser elsewhere
  // may be hours behind; "until now" must not hide the latest flight.
  const [range, setRange] = useState<Range>(() => [
    dayjs().subtract(DEFAULT_DAYS, 'day').startOf('day'),
    null,
  ]);
  const [applied, setApplied] = useState<TrackFilter>(() => filterOf(undefined, range));
  const [current, setCurrent] = useState(1);
  const [chosen, setChosen] = useState<FlightTrack | null>(null);

  const page = useQuery({
    queryKey: ['track', 'page', applied, current],
    queryFn: () => trackPage(current, PAGE_SIZE, applied),
  });
  const detail = useQuery({
    queryKey: ['track', 'points', chosen?.trackId, chosen?.droneSn],
    queryFn: () => flightPoints(chosen!),
    enabled: chosen !== null,
    // a refetch would hand the player new points and send it back to the start
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const points = useMemo(() => detail.data?.points ?? [], [detail.data]);
  const replay = useReplay(points);
  const sample = useMemo(() => sampleAt(points, replay.cursor), [points, replay.cursor]);

  // Drones to filter by: those online now and those the flights found so far name.
  const [seenDrones, setSeenDrones] = useState(new Map<string, string>());
  const records = page.data?.records;
  useEffect(() => {
    if (!records?.length) return;
    setSeenDrones((known) => {
      const next = new Map(known);
      for (const flight of records) next.set(flight.droneSn, flight.droneName ?? flight.droneSn);
      return next.size === known.size ? known : next;
    });
  }, [records]);
  const droneOptions = useMemo(() => {
    const all = new Map(seenDrones);
    for (const drone of drones.data ?? []) all.set(drone.serialNumber, drone.name || drone.serialNumber);
    return [...all].map(([sn, name]) => ({
      value: `drone:${sn}`,
      label: name === sn ? sn : `${name} (${sn})`,
    }));
  }, [seenDrones, drones.data]);
  const dockOptions = (docks.data ?? []).map((dock) => ({
    value: `dock:${dock.serialNumber}`,
    label: `${dock.name} (${dock.serialNumber})`,
  }));

  const search = () => {
    setApplied(filterOf(device, range));
    setCurrent(1);
  };

  return (
    <div className="track-replay" data-testid="track-replay">
      <div className="track-side">
        <div className="track-filter">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={device}
            onChange={setDevice}
            placeholder={t('trackReplay.devicePlaceholder')}
            aria-label={t('trackReplay.device')}
            options={[
              { label: t('trackReplay.docks'), options: dockOptions },
              { label: t('trackReplay.drones'), options: droneOptions },
            ]}
            data-testid="track-device"
          />
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={range}
            allowEmpty={[true, true]}
            onChange={(value) => setRange(value ? [value[0], value[1]] : null)}
            aria-label={t('trackReplay.range')}
            data-testid="track-range"
          />
          <Button type="primary" onClick={search} data-testid="track-search">
            {t('trackReplay.search')}
          </Button>
        </div>
        <FlightList
          flights={records ?? []}
          total={page.data?.total ?? 0}
          current={current}
          size={PAGE_SIZE}
          loading={page.isFetching}
          chosen={chosen?.id ?? null}
          onChoose={setChosen}
          onPage={setCurrent}
        />
      </div>
      <div className="track-stage">
        <Suspense fallback={<MapLoading height="100%" />}>
          <TrackMap settings={settings} points={points} sample={sample} loadZones={areasInBox} />
        </Suspense>
        {!chosen && (
          <div className="track-hint" data-testid="track-hint">
            <Typography.Text type="secondary">{t('trackReplay.choose')}</Typography.Text>
          </div>
        )}
        {chosen && detail.isFetching && (
          <div className="track-hint">
            <Spin size="small" />{' '}
            <Typography.Text type="secondary">{t('trackReplay.loading')}</Typography.Text>
          </div>
        )}
        {chosen && detail.isSuccess && points.length === 0 && (
          <div className="track-hint" data-testid="track-no-points">
            <Typography.Text type="secondary">{t('trackReplay.noPoints')}</Typography.Text>
          </div>
        )}
        {detail.data?.thinned && (
          <Alert
            className="track-thinned"
            type="info"
            showIcon
            title={t('trackReplay.thinned', { shown: detail.data.points.length, total: detail.data.total })}
          />
        )}
        {chosen && points.length > 0 && <Player replay={replay} sample={sample} />}
      </div>
    </div>
  );
}
