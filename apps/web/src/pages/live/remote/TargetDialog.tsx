import { EnvironmentOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LonLat } from '../../../components/map/coordinates';
import { MapPointPicker } from '../../../components/map/MapPointPicker';

export interface FlightTarget {
  longitude: number;
  latitude: number;
  height: number;
  maxSpeed: number;
}

export interface TargetDialogProps {
  open: boolean;
  mode: 'takeoff' | 'fly_to';
  /** where the dialog starts: the drone or the dock */
  start?: LonLat;
  onOk: (target: FlightTarget) => Promise<void>;
  onCancel: () => void;
}

const DEFAULT_HEIGHT = 60;
const DEFAULT_SPEED = 10;

/**
 * The point of a take-off or fly-to, typed or picked on a small map, with the height above the take-off
 * point and the speed limit (the ranges of DroneControlBody). Its OK button is the confirmation.
 */
export function TargetDialog({ open, mode, start, onOk, onCancel }: TargetDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FlightTarget>();
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const longitude = Form.useWatch('longitude', form);
  const latitude = Form.useWatch('latitude', form);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      longitude: start?.[0],
      latitude: start?.[1],
      height: DEFAULT_HEIGHT,
      maxSpeed: DEFAULT_SPEED,
    });
  }, [open, start, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await onOk(values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(mode === 'takeoff' ? 'remote.target.takeoffTitle' : 'remote.target.flyToTitle')}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="primary" danger loading={busy} onClick={submit} data-testid="target-ok">
            {t(mode === 'takeoff' ? 'remote.target.go' : 'remote.target.goFlyTo')}
          </Button>
        </Space>
      }
    >
      <Alert type="warning" showIcon title={t('remote.target.warning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false}>
        <Space align="end" wrap>
          <Form.Item
            name="longitude"
            label={t('remote.target.longitude')}
            rules={[{ required: true, message: t('remote.target.required') }]}
          >
            <InputNumber
              min={-180}
              max={180}
              precision={6}
              style={{ width: 150 }}
              data-testid="target-longitude"
            />
          </Form.Item>
          <Form.Item
            name="latitude"
            label={t('remote.target.latitude')}
            rules={[{ required: true, message: t('remote.target.required') }]}
          >
            <InputNumber
              min={-90}
              max={90}
              precision={6}
              style={{ width: 150 }}
              data-testid="target-latitude"
            />
          </Form.Item>
          <Form.Item>
            <Button icon={<EnvironmentOutlined />} onClick={() => setPicking(true)}>
              {t('remote.target.pick')}
            </Button>
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item
            name="height"
            label={t('remote.target.height')}
            rules={[{ required: true, message: t('remote.target.required') }]}
          >
            <InputNumber min={2} max={1500} style={{ width: 150 }} data-testid="target-height" />
          </Form.Item>
          <Form.Item name="maxSpeed" label={t('remote.target.maxSpeed')}>
            <InputNumber min={1} max={15} style={{ width: 150 }} data-testid="target-speed" />
          </Form.Item>
        </Space>
      </Form>
      <MapPointPicker
        open={picking}
        value={typeof longitude === 'number' && typeof latitude === 'number' ? [longitude, latitude] : start}
        onOk={([lon, lat]) => {
          form.setFieldsValue({ longitude: lon, latitude: lat });
          setPicking(false);
        }}
        onCancel={() => setPicking(false)}
      />
    </Modal>
  );
}
