import type { DeviceData, LiveDevice } from '@aos/contract';
import { cameraStatus, droneAirborne } from '@aos/contract/rules';
import { Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../shared/dock-telemetry';

const DASH = '—';
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The drone's own telemetry (drone OSD, PROTOCOLS.md §2): mode, battery, height, speed, camera. */
export function DroneTelemetry({
  drone,
  sn,
  poweredOn,
}: {
  drone: LiveDevice | null;
  sn: string | null;
  poweredOn: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const osd: DeviceData = drone?.osd ?? {};
  const battery = (osd.battery ?? {}) as DeviceData;
  const camera = cameraStatus(drone);
  const unit = (value: unknown, suffix: string) => {
    const n = num(value);
    return n === null ? DASH : `${formatNumber(n)} ${suffix}`;
  };
  const mode = num(osd.mode_code);
  const remain = num(battery.remain_flight_time);
  const lon = num(osd.longitude);
  const lat = num(osd.latitude);
  const rows: [string, string][] = [
    ['mode', mode === null ? DASH : t(`remote.droneModes.${mode}`, String(mode))],
    ['battery', unit(battery.capacity_percent, '%')],
    [
      'remainTime',
      remain === null
        ? DASH
        : `${Math.floor(remain / 60)}:${String(Math.round(remain % 60)).padStart(2, '0')}`,
    ],
    ['elevation', unit(osd.elevation, 'm')],
    ['height', unit(osd.height, 'm')],
    ['horizontalSpeed', unit(osd.horizontal_speed, 'm/s')],
    ['verticalSpeed', unit(osd.vertical_speed, 'm/s')],
    ['heading', unit(osd.attitude_head, '°')],
    ['homeDistance', unit(osd.home_distance, 'm')],
    ['windSpeed', unit(osd.wind_speed, 'm/s')],
    ['position', lon === null || lat === null ? DASH : `${lon.toFixed(6)}, ${lat.toFixed(6)}`],
    [
      'gimbal',
      camera.gimbalPitch === null && camera.gimbalYaw === null
        ? DASH
        : `${camera.gimbalPitch === null ? DASH : formatNumber(camera.gimbalPitch)}° / ${camera.gimbalYaw === null ? DASH : formatNumber(camera.gimbalYaw)}°`,
    ],
    ['zoom', camera.zoomFactor === null ? DASH : `${formatNumber(camera.zoomFactor)}×`],
    ['lens', camera.lens ? t(`remote.lensName.${camera.lens}`, camera.lens) : DASH],
    [
      'cameraMode',
      camera.cameraMode === null
        ? DASH
        : t(camera.cameraMode === 1 ? 'remote.mode.video' : 'remote.mode.photo'),
    ],
  ];
  return (
    <div
      className="dock-state"
      data-testid="drone-telemetry"
      data-powered={poweredOn ? 'on' : 'off'}
      data-airborne={droneAirborne(drone) ? 'yes' : 'no'}
      data-mode={mode ?? ''}
    >
      <div className="dock-state__head">
        <div className="dock-state__title">
          <Typography.Text strong>{t('remote.drone')}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {sn ?? t('remote.noDrone')}
          </Typography.Text>
        </div>
        <Tag color={poweredOn ? 'processing' : 'default'}>
          {poweredOn ? t('dockState.states.powered_on') : t('remote.poweredOff')}
        </Tag>
      </div>
      <div className={`dock-state__readings${poweredOn ? '' : ' remote-dim'}`}>
        {rows.map(([key, value]) => (
          <div className="dock-reading" key={key}>
            <span className="dock-reading__label" style={{ color: token.colorTextSecondary }}>
              {t(`remote.telemetry.${key}`)}
            </span>
            <span className="dock-reading__value">{value}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
