import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLive } from '../../../live/store';
import { tenantDocks } from './api';
import { Header } from './Header';

/** /remote-control without a dock: the tenant's docks with their live online state, one click to control. */
export function DockPicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const docks = useQuery({ queryKey: ['remote-docks'], queryFn: tenantDocks });
  const live = useLive();
  const list = docks.data ?? [];
  return (
    <div className="remote-control__screen">
      <Header
        sn={null}
        loadingDocks={docks.isLoading}
        docks={list.map((dock) => ({
          value: dock.serialNumber,
          label: `${dock.name} (${dock.serialNumber})`,
        }))}
      />
      <main className="remote-control__picker-body">
        <Typography.Title level={4}>{t('remote.pickDockHint')}</Typography.Title>
        {docks.isLoading && <Spin />}
        {docks.isSuccess && list.length === 0 && <Empty description={t('remote.noDocks')} />}
        <div className="remote-control__cards">
          {list.map((dock) => {
            const online = live.devices[dock.serialNumber]?.online === true;
            return (
              <Card
                key={dock.id}
                hoverable
                size="small"
                onClick={() => void navigate(`/remote-control?sn=${encodeURIComponent(dock.serialNumber)}`)}
                data-testid={`remote-dock-${dock.serialNumber}`}
              >
                <Card.Meta
                  title={dock.name}
                  description={
                    <>
                      <Typography.Text type="secondary">{dock.serialNumber}</Typography.Text>{' '}
                      <Tag color={online ? 'success' : 'default'}>
                        {t(online ? 'dockState.online' : 'dockState.offline')}
                      </Tag>
                    </>
                  }
                />
              </Card>
            );
          })}
        </div>
      </main>
    </div>
  );
}
