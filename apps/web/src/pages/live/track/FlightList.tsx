import type { FlightTrack } from '@aos/contract';
import { Empty, Pagination, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRange } from '../../../components/time';
import { formatClock } from './replay';
import '../shared/live-pick.css';

interface FlightListProps {
  flights: FlightTrack[];
  total: number;
  current: number;
  size: number;
  loading: boolean;
  chosen: string | null;
  onChoose: (flight: FlightTrack) => void;
  onPage: (current: number) => void;
}

/** One page of flights, newest first: when, which drone from which dock, how long, how far, how high. */
export function FlightList({
  flights,
  total,
  current,
  size,
  loading,
  chosen,
  onChoose,
  onPage,
}: FlightListProps) {
  const { t } = useTranslation();
  const distance = (metres: number) =>
    metres >= 1000
      ? t('trackReplay.km', { value: (metres / 1000).toFixed(2) })
      : t('trackReplay.m', { value: Math.round(metres) });
  return (
    <div className="track-flights" data-testid="track-flights">
      <div className="track-flights__head">
        <Typography.Text strong>{t('trackReplay.flights')}</Typography.Text>
        <Typography.Text type="secondary">{t('trackReplay.total', { total })}</Typography.Text>
      </div>
      <Spin spinning={loading}>
        <div className="track-flights__items" role="list">
          {!loading && flights.length === 0 && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('trackReplay.noFlights')}
              data-testid="track-no-flights"
            />
          )}
          {flights.map((flight) => (
            <button
              type="button"
              role="listitem"
              key={flight.id}
              className={`live-pick${flight.id === chosen ? ' is-selected' : ''}`}
              onClick={() => onChoose(flight)}
              data-testid={`track-flight-${flight.trackId}`}
            >
              <span className="track-flight__time">{formatRange(flight.startedAt, flight.endedAt)}</span>
              <span className="track-flight__who">
                {flight.droneName ?? flight.droneSn}
                {flight.dockSn ? ` · ${flight.dockName ?? flight.dockSn}` : ''}
              </span>
              <span className="track-flight__facts">
                <span>
                  {t('trackReplay.duration')} {formatClock(flight.durationS * 1000)}
                </span>
                <span>
                  {t('trackReplay.distance')} {distance(flight.distanceM)}
                </span>
                {flight.maxElevation !== null && (
                  <span>
                    {t('trackReplay.maxElevation')}{' '}
                    {t('trackReplay.m', { value: Math.round(flight.maxElevation) })}
                  </span>
                )}
              </span>
            </button>
          ))}
        </div>
      </Spin>
      {total > size && (
        <Pagination size="small" simple current={current} pageSize={size} total={total} onChange={onPage} />
      )}
    </div>
  );
}
