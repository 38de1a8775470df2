import {
  BugOutlined,
  ColumnWidthOutlined,
  InboxOutlined,
  LoadingOutlined,
  PoweroffOutlined,
  ScheduleOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { LiveDevice } from '@aos/contract';
import { dockComponents } from '@aos/contract/rules';
import { Progress, Tag, theme, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/time';
import { dockTelemetry, formatKilobytes, formatNumber } from './dock-telemetry';
import './dock-state.css';
import './locale';

export interface DockStatePanelProps {
  dock: LiveDevice;
  /** the dock's drone, when known: its own OSD tells whether it is on and its battery */
  drone?: LiveDevice | null;
  /** the dock's registered name (the serial number is shown under it) */
  name?: string;
}

/** How a component state reads at a glance. */
type Tone = 'ok' | 'idle' | 'busy' | 'warn' | 'error';

const TRANSITIONAL = new Set([
  'opening',
  'closing',
  'expanding',
  'gathering',
  'powering_on',
  'powering_down',
]);

function toneOf(state: string): Tone {
  if (TRANSITIONAL.has(state)) return 'busy';
  if (state === 'abnormal') return 'error';
  if (state === 'half_open' || state === 'unknown') return 'warn';
  if (['opened', 'expanded', 'charging', 'powered_on', 'working', 'debug_on'].includes(state)) return 'ok';
  return 'idle';
}

function StateChip(props: { id: string; label: string; state: string; text: string; icon: ReactNode }) {
  const { token } = theme.useToken();
  const tone = toneOf(props.state);
  const colour = {
    ok: token.colorSuccess,
    idle: token.colorTextSecondary,
    busy: token.colorPrimary,
    warn: token.colorWarning,
    error: token.colorError,
  }[tone];
  return (
    <div
      className={`dock-chip dock-chip--${tone}`}
      style={{ borderColor: tone === 'idle' ? token.colorBorderSecondary : colour, color: colour }}
      data-testid={`dock-state-${props.id}`}
      data-state={props.state}
    >
      <span className="dock-chip__icon">{tone === 'busy' ? <LoadingOutlined /> : props.icon}</span>
      <span className="dock-chip__body">
        <span className="dock-chip__label" style={{ color: token.colorTextSecondary }}>
          {props.label}
        </span>
        <span className="dock-chip__value">{props.text}</span>
      </span>
    </div>
  );
}

function Reading(props: { label: string; children: ReactNode; alert?: boolean; id: string }) {
  const { token } = theme.useToken();
  return (
    <div className="dock-reading" data-testid={`dock-reading-${props.id}`}>
      <span className="dock-reading__label" style={{ color: token.colorTextSecondary }}>
        {props.label}
      </span>
      <span
        className="dock-reading__value"
        style={props.alert ? { color: token.colorError, fontWeight: 600 } : undefined}
      >
        {props.children}
      </span>
    </div>
  );
}

const DASH = '—';

/**
 * A dock at a glance: its online state, the component states of spec §4 (transitional ones animated while
 * their job runs), the running job's progress, and every telemetry field of spec §3 "Hangar" plus network,
 * storage and the drone's battery. Offline docks keep their last known values, marked as such.
 */
export function DockStatePanel({ dock, drone = null, name }: DockStatePanelProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const parts = dockComponents(dock, drone);
  const reading = dockTelemetry(dock, drone);
  const state = (value: string) => t(`dockState.states.${value}`);
  const unit = (value: number | null, suffix: string) =>
    value === null ? DASH : `${formatNumber(value)} ${suffix}`;
  const job = parts.runningJob;
  const network = reading.network;
  const heard = dock.osdAt !== null || dock.lastSeen !== null;

  return (
    <div
      className={`dock-state${dock.online ? '' : ' dock-state--offline'}`}
      data-testid="dock-state-panel"
      data-sn={dock.sn}
    >
      <div className="dock-state__head">
        <div className="dock-state__title">
          <Typography.Text strong ellipsis style={{ fontSize: 15 }}>
            {name || dock.sn}
          </Typography.Text>
          {name && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dock.sn}
            </Typography.Text>
          )}
        </div>
        <Tag
          color={dock.online ? 'success' : 'default'}
          data-testid="dock-state-online"
          data-state={dock.online ? 'online' : 'offline'}
        >
          <span className={`dock-dot${dock.online ? ' dock-dot--on' : ''}`} />
          {t(dock.online ? 'dockState.online' : 'dockState.offline')}
        </Tag>
      </div>
      {!dock.online && (
        <Typography.Text type="secondary" className="dock-state__note">
          {t(heard ? 'dockState.lastKnown' : 'dockState.never')}
        </Typography.Text>
      )}
      {dock.osdAt !== null && (
        <Typography.Text type="secondary" className="dock-state__note">
          {t('dockState.updatedAt', { time: formatDateTime(dock.osdAt) })}
        </Typography.Text>
      )}

      {job && (
        <div
          className="dock-state__job"
          data-testid="dock-state-job"
          style={{ borderColor: token.colorPrimaryBorder, background: token.colorPrimaryBg }}
        >
          <div className="dock-state__job-title">
            <LoadingOutlined style={{ color: token.colorPrimary }} />
            <span>{t('dockState.job', { job: t(`dockState.jobs.${job.method}`, job.method) })}</span>
          </div>
          <Progress percent={job.percent ?? 0} size="small" status="active" showInfo={job.percent !== null} />
          {job.step && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('dockState.step', { step: job.step })}
            </Typography.Text>
          )}
        </div>
      )}

      <div className="dock-state__section" style={{ color: token.colorTextSecondary }}>
        {t('dockState.components')}
      </div>
      <div className="dock-state__chips">
        <StateChip
          id="hatch"
          label={t('dockState.hatch')}
          state={parts.hatch}
          text={state(parts.hatch)}
          icon={<InboxOutlined />}
        />
        <StateChip
          id="wings"
          label={t('dockState.wings')}
          state={parts.wings}
          text={state(parts.wings)}
          icon={<ColumnWidthOutlined />}
        />
        <StateChip
          id="charge"
          label={t('dockState.charge')}
          state={parts.charge}
          text={state(parts.charge)}
          icon={<ThunderboltOutlined />}
        />
        <StateChip
          id="drone-power"
          label={t('dockState.dronePower')}
          state={parts.aircraftPower}
          text={state(parts.aircraftPower)}
          icon={<PoweroffOutlined />}
        />
        <StateChip
          id="work"
          label={t('dockState.work')}
          state={parts.work}
          text={state(parts.work)}
          icon={<ScheduleOutlined />}
        />
        <StateChip
          id="debug"
          label={t('dockState.debug')}
          state={parts.remoteDebug ? 'debug_on' : 'debug_off'}
          text={state(parts.remoteDebug ? 'debugOn' : 'debugOff')}
          icon={<BugOutlined />}
        />
      </div>

      <div className="dock-state__section" style={{ color: token.colorTextSecondary }}>
        {t('dockState.telemetry')}
      </div>
      <div className="dock-state__readings">
        <Reading id="cabinTemperature" label={t('dockState.cabinTemperature')}>
          {unit(reading.cabinTemperature, '°C')}
        </Reading>
        <Reading id="cabinHumidity" label={t('dockState.cabinHumidity')}>
          {unit(reading.cabinHumidity, '%')}
        </Reading>
        <Reading id="ambientTemperature" label={t('dockState.ambientTemperature')}>
          {unit(reading.ambientTemperature, '°C')}
        </Reading>
        <Reading id="windSpeed" label={t('dockState.windSpeed')}>
          {unit(reading.windSpeed, 'm/s')}
        </Reading>
        <Reading id="rainfall" label={t('dockState.rainfall')} alert={(reading.rainfall ?? 0) >= 2}>
          {reading.rainfall === null
            ? DASH
            : t(`dockState.rain.${reading.rainfall}`, String(reading.rainfall))}
        </Reading>
        <Reading id="flooded" label={t('dockState.flooded')} alert={reading.flooded === true}>
          {reading.flooded === null ? DASH : t(reading.flooded ? 'dockState.floodYes' : 'dockState.floodNo')}
        </Reading>
        <Reading id="lightStrip" label={t('dockState.lightStrip')}>
          {reading.lightOn === null ? DASH : t(reading.lightOn ? 'dockState.on' : 'dockState.off')}
        </Reading>
        <Reading id="batteryTemperature" label={t('dockState.batteryTemperature')}>
          {unit(reading.batteryTemperature, '°C')}
        </Reading>
        <Reading id="chargeCount" label={t('dockState.chargeCount')}>
          {reading.chargeCount === null ? DASH : String(reading.chargeCount)}
        </Reading>
        <Reading id="network" label={t('dockState.network')} alert={network?.quality === 0}>
          {network ? (
            <Tooltip title={network.rate === null ? undefined : `${formatNumber(network.rate)} KB/s`}>
              {[
                network.type === null
                  ? null
                  : t(`dockState.networkType.${network.type}`, String(network.type)),
                network.quality === null
                  ? null
                  : t(`dockState.quality.${network.quality}`, String(network.quality)),
              ]
                .filter(Boolean)
                .join(' · ') || DASH}
            </Tooltip>
          ) : (
            DASH
          )}
        </Reading>
        <Reading id="storage" label={t('dockState.storage')}>
          {reading.storage
            ? t('dockState.storageValue', {
                used: formatKilobytes(reading.storage.used),
                total: formatKilobytes(reading.storage.total),
              })
            : DASH}
        </Reading>
        <Reading id="droneBattery" label={t('dockState.droneBattery')}>
          {reading.droneBattery === null ? (
            DASH
          ) : (
            <span className="dock-battery">
              <Progress
                percent={Math.round(reading.droneBattery)}
                size={[64, 6]}
                showInfo={false}
                strokeColor={reading.droneBattery < 20 ? token.colorError : token.colorSuccess}
              />
              <span>{Math.round(reading.droneBattery)}%</span>
              {reading.droneCharging && <ThunderboltOutlined style={{ color: token.colorWarning }} />}
            </span>
          )}
        </Reading>
        <Reading id="droneInDock" label={t('dockState.droneInDock')}>
          {dock.osd.drone_in_dock === undefined
            ? DASH
            : t(parts.droneInDock ? 'dockState.yes' : 'dockState.no')}
        </Reading>
      </div>
    </div>
  );
}
