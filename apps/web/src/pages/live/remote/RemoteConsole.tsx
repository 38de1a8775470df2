import { ApiOutlined, CameraOutlined, RocketOutlined } from '@ant-design/icons';
import { translate } from '@aos/contract';
import { aircraftPoweredOn } from '@aos/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/time';
import { useLive, useLiveDevice } from '../../../live/store';
import { useSession } from '../../../store/session';
import { DockStatePanel } from '../shared/DockStatePanel';
import { DroneControls } from './DroneControls';
import { tenantDocks } from './api';
import { CameraControls } from './CameraControls';
import { useJobToasts } from './commands';
import { droneSnOf, type LiveControlContext } from './context';
import { DockControls } from './DockControls';
import { DroneTelemetry } from './DroneTelemetry';
import { Header } from './Header';
import { VideoWall } from './VideoWall';

/** One dock under control: its state on the left, its cameras in the middle, the commands on the right. */
export function RemoteConsole({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const docks = useQuery({ queryKey: ['remote-docks'], queryFn: tenantDocks });
  const registered = docks.data?.find((dock) => dock.serialNumber === sn);
  const known = useLiveDevice(sn);
  const droneSn = droneSnOf(known);
  const live = useLive(droneSn ? [sn, droneSn] : [sn]);
  const drone = useLiveDevice(droneSn) ?? null;
  useJobToasts(sn);

  const header = (
    <Header
      sn={sn}
      loadingDocks={docks.isLoading}
      docks={(docks.data ?? []).map((dock) => ({
        value: dock.serialNumber,
        label: `${dock.name} (${dock.serialNumber})`,
      }))}
    />
  );

  if (!known) {
    const missing = live.ready && docks.isSuccess && !registered;
    return (
      <div className="remote-control__screen">
        {header}
        <main className="remote-control__waiting">
          {missing ? (
            <Result status="404" title={t('remote.notFound', { sn })} data-testid="remote-not-found" />
          ) : (
            <Spin tip={t('remote.waiting')} size="large">
              <div style={{ width: 240, height: 80 }} />
            </Spin>
          )}
        </main>
      </div>
    );
  }

  const context: LiveControlContext = { dock: known, dockType: registered?.type ?? null, drone, droneSn };
  const poweredOn = aircraftPoweredOn(known, drone);
  return (
    <div className="remote-control__screen" data-dock-online={known.online ? 'true' : 'false'}>
      {header}
      {!known.online && (
        <Alert
          banner
          type="error"
          className="remote-control__offline"
          data-testid="offline-banner"
          title={translate(language, 'device.dockOffline')}
          description={
            known.lastSeen
              ? t('remote.lastSeen', { time: formatDateTime(known.lastSeen) })
              : t('remote.neverSeen')
          }
        />
      )}
      <main className="remote-control__body">
        <aside className="remote-control__column remote-control__left">
          <Card size="small">
            <DockStatePanel dock={known} drone={drone} name={registered?.name} />
          </Card>
          <Card size="small">
            <DroneTelemetry drone={drone} sn={droneSn} poweredOn={poweredOn} />
          </Card>
        </aside>
        <section className="remote-control__column remote-control__centre">
          <VideoWall dockSn={sn} dronePoweredOn={poweredOn} />
        </section>
        <aside className="remote-control__column remote-control__right">
          <Card
            size="small"
            title={
              <>
                <ApiOutlined /> {t('remote.dock')}
              </>
            }
          >
            <DockControls context={context} />
          </Card>
          <Card
            size="small"
            title={
              <>
                <RocketOutlined /> {t('remote.droneControls')}
              </>
            }
          >
            <DroneControls context={context} />
          </Card>
          <Card
            size="small"
            title={
              <>
                <CameraOutlined /> {t('remote.camera')}
              </>
            }
          >
            <CameraControls context={context} />
          </Card>
        </aside>
      </main>
    </div>
  );
}
