import { PaperClipOutlined } from '@ant-design/icons';
import type { AirspaceDetail } from '@aos/contract';
import { Button, Col, Descriptions, Empty, Flex, Modal, Row, Timeline, Typography } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLoading } from '../../../components/map/LazyMapView';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import { StatusTag, windowText } from './columns';
import { STATUS_COLORS } from './status';
import './locale';

const AirspaceMap = lazy(() => loadMapChunk(() => import('./AirspaceMap')));

const MAP_HEIGHT = 360;

/** One application: its fields, approval files (download), range on the map and status history. */
export function AirspaceDetailDialog({
  record,
  taskNature,
  onClose,
}: {
  record: AirspaceDetail | null;
  /** the task nature's dictionary label */
  taskNature: (key: number | null) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const dash = (value: unknown) =>
    value === null || value === undefined || value === '' ? '—' : String(value);
  const geometry = record?.geometry;
  const items = record
    ? [
        { key: 'name', label: t('airspace.name'), children: record.name },
        {
          key: 'status',
          label: t('airspace.status'),
          children: <StatusTag status={record.approvalStatus} t={t} />,
        },
        { key: 'aircraft', label: t('airspace.aircraft'), children: dash(record.aircraftName) },
        { key: 'serialNumber', label: t('airspace.serialNumber'), children: dash(record.serialNumber) },
        { key: 'model', label: t('airspace.model'), children: dash(record.model) },
        {
          key: 'registrationNumber',
          label: t('airspace.registrationNumber'),
          children: dash(record.registrationNumber),
        },
        { key: 'contactPerson', label: t('airspace.contactPerson'), children: dash(record.contactPerson) },
        { key: 'phone', label: t('airspace.phone'), children: dash(record.phone) },
        { key: 'applicant', label: t('airspace.applicant'), children: dash(record.applicant) },
        { key: 'taskNature', label: t('airspace.taskNature'), children: dash(taskNature(record.taskNature)) },
        { key: 'window', label: t('airspace.window'), children: windowText(record), span: 2 },
        {
          key: 'ceiling',
          label: t('airspace.ceiling'),
          children: record.ceiling === null ? '—' : `${record.ceiling} m`,
        },
        {
          key: 'shape',
          label: t('airspace.shape'),
          children:
            geometry?.type === 'Circle'
              ? `${t('airspace.shapeCircle')} · ${t('airspace.radius')} ${geometry.radius} m`
              : t('airspace.shapePolygon'),
        },
        {
          key: 'takeoff',
          label: t('airspace.takeoffPositions'),
          span: 2,
          children:
            [
              ...(record.uavAirportNames ? record.uavAirportNames.split(',').filter(Boolean) : []),
              ...record.takeoffPositions.map(([longitude, latitude]) => `${longitude}, ${latitude}`),
            ].join('；') || '—',
        },
        {
          key: 'files',
          label: t('airspace.attachFiles'),
          span: 2,
          children: record.attachFiles.length ? (
            <Flex vertical gap={2} data-testid="airspace-files">
              {record.attachFiles.map((file) => (
                <Typography.Link key={file.id} href={file.link} download={file.name} target="_blank">
                  <PaperClipOutlined /> {file.name}
                </Typography.Link>
              ))}
            </Flex>
          ) : (
            t('airspace.noFiles')
          ),
        },
        { key: 'remark', label: t('airspace.remark'), span: 2, children: dash(record.remark) },
      ]
    : [];

  return (
    <Modal
      open={Boolean(record)}
      title={record ? `${t('airspace.detailTitle')} · ${record.name}` : ''}
      width={1160}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('airspace.close')}</Button>}
    >
      {record && (
        <Row gutter={16} data-testid="airspace-view">
          <Col span={14}>
            <Descriptions bordered size="small" column={2} items={items} />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('airspace.history')}
            </Typography.Title>
            {record.history.length ? (
              <Timeline
                data-testid="airspace-history"
                items={record.history.map((step) => ({
                  color: STATUS_COLORS[step.toStatus],
                  content: (
                    <div className="airspace-step" data-testid="airspace-step">
                      <div>
                        {step.fromStatus
                          ? `${t(`airspace.statuses.${step.fromStatus}`)} → ${t(`airspace.statuses.${step.toStatus}`)}`
                          : `${t('airspace.created')} · ${t(`airspace.statuses.${step.toStatus}`)}`}
                      </div>
                      <Typography.Text type="secondary">
                        {step.time} · {t('airspace.by')}: {step.userName ?? t('airspace.platform')}
                      </Typography.Text>
                      {step.reason && (
                        <div className="airspace-step__reason">
                          {t('airspace.reasonLabel')}: {step.reason}
                        </div>
                      )}
                    </div>
                  ),
                }))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Col>
          <Col span={10}>
            <Suspense fallback={<MapLoading height={MAP_HEIGHT} />}>
              <AirspaceMap
                settings={settings}
                ranges={[
                  {
                    id: record.id,
                    name: record.name,
                    geometry: record.geometry,
                    status: record.approvalStatus,
                  },
                ]}
                points={record.takeoffPositions}
                selectedId={record.id}
                focusKey={1}
                height={MAP_HEIGHT}
                testId="airspace-view-map"
              />
            </Suspense>
          </Col>
        </Row>
      )}
    </Modal>
  );
}
