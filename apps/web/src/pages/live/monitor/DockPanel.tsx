import { CloseOutlined, ControlOutlined } from '@ant-design/icons';
import type { LiveDevice } from '@aos/contract';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DockStatePanel } from '../shared/DockStatePanel';
import type { FleetEntry } from './fleet';
import { STATUS_COLORS, dockAlarms, droneAlarms, droneBattery, droneStatus, positionOf } from './status';
import { codeWord, measure } from './words';

interface DockPanelProps {
  entry: FleetEntry;
  canRemote: boolean;
  onClose: () => void;
}

function Row({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="live-telemetry__row" data-testid={`drone-reading-${id}`}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span className="live-telemetry__value">{value}</span>
    </div>
  );
}

/** The drone's flight telemetry: mode, heights, speeds, heading, battery, distance home. */
function DroneTelemetry({ drone, dock, name }: { drone: LiveDevice; dock: LiveDevice | null; name: string }) {
  const { t } = useTranslation();
  const osd = drone.osd;
  const battery = osd.battery as { remain_flight_time?: unknown } | undefined;
  const remain =
    typeof battery?.remain_flight_time === 'number' ? battery.remain_flight_time / 60 : undefined;
  const position = positionOf(drone);
  const status = droneStatus(drone);
  const readings: Array<[id: string, value: string]> = [
    ['mode', codeWord(t, 'droneMode', osd.mode_code)],
    ['elevation', measure(t, 'metre', osd.elevation)],
    ['height', measure(t, 'metre', osd.height)],
    ['horizontalSpeed', measure(t, 'speed', osd.horizontal_speed)],
    ['verticalSpeed', measure(t, 'speed', osd.vertical_speed)],
    ['heading', measure(t, 'degree', osd.attitude_head, 0)],
    ['battery', measure(t, 'percent', droneBattery(drone, dock), 0)],
    ['remainFlightTime', measure(t, 'minutes', remain, 0)],
    ['homeDistance', measure(t, 'metre', osd.home_distance, 0)],
    ['position', position ? `${position[0].toFixed(6)}, ${position[1].toFixed(6)}` : t('liveMap.noPosition')],
  ];
  return (
    <div className="live-telemetry" data-testid="drone-telemetry" data-sn={drone.sn}>
      <div className="live-telemetry__head">
        <Typography.Text strong ellipsis>
          {t('liveMap.panel.drone')} · {name}
        </Typography.Text>
        <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid="drone-status">
          {t(`liveMap.status.${status}`)}
        </Tag>
      </div>
      {!drone.online ? (
        <Typography.Text type="secondary">{t('liveMap.panel.droneOffline')}</Typography.Text>
      ) : (
        <div className="live-telemetry__grid">
          {readings.map(([id, value]) => (
            <Row key={id} id={id} label={t(`liveMap.telemetry.${id}`)} value={value} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The side panel of a dock (or a lone drone): alarms, the dock's state, its drone's flight, remote control. */
export function DockPanel({ entry, canRemote, onClose }: DockPanelProps) {
  const { t } = useTranslation();
  const alarms = entry.dock ? dockAlarms(entry.dock, entry.drone) : droneAlarms(entry.drone);
  return (
    <aside className="live-panel" data-testid="live-panel" data-sn={entry.sn}>
      <div className="live-panel__bar">
        <span className="live-panel__kind">
          {entry.kind === 'dock' ? t('liveMap.panel.dock') : t('liveMap.loneDrone')}
        </span>
        <Tooltip title={t('liveMap.panel.close')}>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            onClick={onClose}
            aria-label={t('liveMap.panel.close')}
            data-testid="live-panel-close"
          />
        </Tooltip>
      </div>
      {alarms.length > 0 && (
        <div className="live-panel__alarms" data-testid="live-alarms">
          {alarms.map((alarm) => (
            <Tag key={alarm} color="error">
              {t(`liveMap.alarm.${alarm}`)}
            </Tag>
          ))}
        </div>
      )}
      {entry.dock && <DockStatePanel dock={entry.dock} drone={entry.drone} name={entry.name} />}
      {entry.drone ? (
        <DroneTelemetry drone={entry.drone} dock={entry.dock} name={entry.droneName ?? entry.drone.sn} />
      ) : (
        entry.droneSn === null && <Typography.Text type="secondary">{t('liveMap.noDrone')}</Typography.Text>
      )}
      {entry.kind === 'dock' && canRemote && (
        <Button
          type="primary"
          block
          icon={<ControlOutlined />}
          href={`/remote-control?sn=${encodeURIComponent(entry.sn)}`}
          target="_blank"
          data-testid="live-remote-control"
        >
          {t('liveMap.panel.remoteControl')}
        </Button>
      )}
    </aside>
  );
}
