import { useTranslation } from 'react-i18next';
import { StatusDot } from './DeviceList';
import type { MapHover } from './liveLayer';
import { STATUS_COLORS } from './status';

/** Rows a cluster's card lists before "and N more". */
const MAX_ROWS = 8;

/**
 * What the pointer is over on the live map: a dock's or drone's name and status, or a cluster's docks, the
 * most urgent first (so a dock in alarm is named even when it shares a circle), with what a click does.
 */
export function HoverCard({ hover, names }: { hover: MapHover; names: Map<string, string> }) {
  const { t } = useTranslation();
  const rows = hover.devices.slice(0, MAX_ROWS);
  // Above the feature, centred; kept inside the map near its edges (the card is at most 280 px wide).
  const [x, y] = hover.pixel;
  const [width] = hover.size;
  const shiftX = x < 150 ? '-24px' : width > 0 && x > width - 150 ? 'calc(-100% + 24px)' : '-50%';
  const shiftY = y < 40 + (rows.length + 2) * 20 ? '26px' : 'calc(-100% - 22px)';
  const rest = hover.devices.length - rows.length;
  return (
    <div
      className="live-hover"
      data-testid="live-hover"
      style={{ left: x, top: y, transform: `translate(${shiftX}, ${shiftY})` }}
      role="tooltip"
    >
      {hover.cluster && (
        <div className="live-hover__title">{t('liveMap.hover.docks', { count: hover.devices.length })}</div>
      )}
      {rows.map(({ sn, status }) => (
        <div key={sn} className="live-hover__row">
          <StatusDot color={STATUS_COLORS[status]} />
          <span className="live-hover__name">{names.get(sn) ?? sn}</span>
          <span className="live-hover__status" style={{ color: STATUS_COLORS[status] }}>
            {t(`liveMap.status.${status}`)}
          </span>
        </div>
      ))}
      {rest > 0 && <div className="live-hover__more">{t('liveMap.hover.more', { count: rest })}</div>}
      <div className="live-hover__hint">
        {t(hover.cluster ? 'liveMap.hover.zoomIn' : 'liveMap.hover.details')}
      </div>
    </div>
  );
}
