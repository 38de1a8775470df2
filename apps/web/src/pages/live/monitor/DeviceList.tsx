import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FleetEntry, onlineCount, searchFleet } from './fleet';
import { STATUS_COLORS, type StatusFilter, droneBattery } from './status';
import { measure } from './words';
import '../shared/live-pick.css';

interface DeviceListProps {
  entries: FleetEntry[];
  /** the statuses chosen on the map's legend (empty: all) */
  filter: StatusFilter;
  selected: string | null;
  onPick: (entry: FleetEntry) => void;
}

export function StatusDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        flex: 'none',
        width: 8,
        height: 8,
        borderRadius: 4,
        background: color,
      }}
    />
  );
}

/** The docks (with their drone) and lone drones of the tenant, worst status first, searchable. */
export function DeviceList({ entries, filter, selected, onPick }: DeviceListProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const shown = useMemo(() => searchFleet(entries, text, filter), [entries, text, filter]);
  return (
    <div className="live-list" data-testid="live-list">
      <div className="live-list__head">
        <Typography.Text strong>{t('liveMap.devices')}</Typography.Text>
        <Typography.Text type="secondary" data-testid="live-online-count">
          {t('liveMap.onlineCount', { online: onlineCount(entries), total: entries.length })}
        </Typography.Text>
      </div>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('liveMap.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="live-search"
      />
      <div className="live-list__items" role="list">
        {shown.length === 0 && entries.length > 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('liveMap.noMatch')} />
        )}
        {shown.map((entry) => {
          const battery = entry.drone ? droneBattery(entry.drone, entry.dock) : null;
          return (
            <button
              type="button"
              role="listitem"
              key={entry.sn}
              className={`live-pick${entry.sn === selected ? ' is-selected' : ''}`}
              onClick={() => onPick(entry)}
              data-testid={`live-item-${entry.sn}`}
              data-status={entry.status}
            >
              <span className="live-list__line">
                <StatusDot color={STATUS_COLORS[entry.status]} />
                <span className="live-list__name">{entry.name}</span>
                <span className="live-list__status" style={{ color: STATUS_COLORS[entry.status] }}>
                  {t(`liveMap.status.${entry.status}`)}
                </span>
              </span>
              <span className="live-list__sub">
                {entry.kind === 'drone'
                  ? t('liveMap.loneDrone')
                  : entry.droneSn
                    ? `${entry.droneName ?? entry.droneSn}${battery === null ? '' : ` · ${measure(t, 'percent', battery, 0)}`}`
                    : t('liveMap.noDrone')}
              </span>
              <span className="live-list__sn">{entry.sn}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
