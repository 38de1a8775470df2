import { useTranslation } from 'react-i18next';
import { useLiveStore } from '../../../live/store';

/** Live, connecting, or reconnecting (after having been live): the socket as the operator sees it. */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const status = useLiveStore((state) => state.status);
  const ready = useLiveStore((state) => state.ready);
  const wasLive = useLiveStore((state) => Object.keys(state.devices).length > 0);
  // The client retries for ever: a dropped socket is "reconnecting" while the last known devices stay shown.
  const shown = status === 'open' && ready ? 'open' : wasLive ? 'reconnecting' : 'connecting';
  return (
    <div
      className={`live-connection live-connection--${shown}`}
      data-testid="live-connection"
      data-state={shown}
      role="status"
    >
      <span className="live-connection__dot" />
      {t(`liveMap.connection.${shown}`)}
    </div>
  );
}
