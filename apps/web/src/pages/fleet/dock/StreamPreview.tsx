import { CheckCircleFilled, MinusCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { DOCK_STREAM_FIELDS, type Dock } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { playStream } from './api';

/**
 * The five video streams of a dock (getPlayStream), in the order the cameras sit: each marked set or not,
 * its address copyable for a player or the live screen. The addresses are read fresh when the panel opens.
 */
export function StreamPreview({ dock, onClose }: { dock: Dock | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const streams = useQuery({
    queryKey: ['dock-streams', dock?.id],
    queryFn: () => playStream(dock!.id),
    enabled: Boolean(dock),
    staleTime: 0,
  });
  const data = streams.data;
  const set = data ? DOCK_STREAM_FIELDS.filter((field) => data[field]).length : 0;
  return (
    <Modal
      open={Boolean(dock)}
      width={720}
      title={
        <span>
          <VideoCameraOutlined style={{ marginRight: 8 }} />
          {t('dock.streams.title', { name: dock?.name ?? '' })}
        </span>
      }
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('dock.close')}</Button>}
      destroyOnHidden
    >
      {streams.isLoading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {data && (
        <div data-testid="stream-preview">
          <Space style={{ marginBottom: 12 }} wrap>
            <Typography.Text type="secondary">
              {t('dock.serialNumber')}: {data.serialNumber}
            </Typography.Text>
            <Tag color={set > 0 ? 'blue' : 'default'} data-testid="stream-count">
              {t('dock.streams.count', { set, total: DOCK_STREAM_FIELDS.length })}
            </Tag>
          </Space>
          {set === 0 && (
            <Alert type="info" showIcon title={t('dock.streams.none')} style={{ marginBottom: 12 }} />
          )}
          <List
            bordered
            dataSource={[...DOCK_STREAM_FIELDS]}
            renderItem={(field) => {
              const address = data[field];
              return (
                <List.Item data-testid={`stream-${field}`}>
                  <List.Item.Meta
                    avatar={
                      address ? (
                        <CheckCircleFilled style={{ color: '#52c41a', fontSize: 18 }} />
                      ) : (
                        <MinusCircleOutlined style={{ color: '#bfbfbf', fontSize: 18 }} />
                      )
                    }
                    title={t(`dock.${field}`)}
                    description={
                      address ? (
                        <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                          {address}
                        </Typography.Text>
                      ) : (
                        <Typography.Text type="secondary">—</Typography.Text>
                      )
                    }
                  />
                  <Tag color={address ? 'green' : 'default'}>
                    {t(address ? 'dock.streams.set' : 'dock.streams.unset')}
                  </Tag>
                </List.Item>
              );
            }}
          />
        </div>
      )}
    </Modal>
  );
}
