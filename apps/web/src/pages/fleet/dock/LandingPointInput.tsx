import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPointPicker } from '../../../components/map/MapPointPicker';

const LONGITUDE = 'alternateLongitude';
const LATITUDE = 'alternateLatitude';
const FIELDS = [LONGITUDE, LATITUDE];

/**
 * One coordinate of the alternate landing point (the dock form and the basic settings keep longitude and
 * latitude as two numbers). The latitude input carries the map button: picking a point fills both inputs
 * and checks the pair again, typing stays possible for a surveyed point.
 */
export function LandingPointInput({
  value,
  onChange,
  axis,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
  axis: 'longitude' | 'latitude';
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [picking, setPicking] = useState(false);
  const field = axis === 'longitude' ? LONGITUDE : LATITUDE;
  const current = (): [number, number] | undefined => {
    const [longitude, latitude] = FIELDS.map((name) => form.getFieldValue(name) as unknown);
    return typeof longitude === 'number' && typeof latitude === 'number' ? [longitude, latitude] : undefined;
  };
  const input = (
    <InputNumber
      value={typeof value === 'number' ? value : null}
      onChange={(next) => onChange?.(next)}
      step={0.000001}
      style={{ width: '100%' }}
      placeholder={axis === 'longitude' ? '116.397128' : '39.916527'}
      data-testid={`field-${field}`}
    />
  );
  if (axis === 'longitude') return input;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        {input}
        <Tooltip title={t('map.pick')}>
          <Button
            icon={<EnvironmentOutlined />}
            onClick={() => setPicking(true)}
            aria-label={t('map.pick')}
            data-testid={`field-${field}-map`}
          >
            {t('dock.pickOnMap')}
          </Button>
        </Tooltip>
      </Space.Compact>
      <MapPointPicker
        open={picking}
        value={current()}
        title="dock.pickLanding"
        onOk={([longitude, latitude]) => {
          form.setFieldsValue({ [LONGITUDE]: longitude, [LATITUDE]: latitude });
          void form.validateFields(FIELDS).catch(() => undefined);
          setPicking(false);
        }}
        onCancel={() => setPicking(false)}
      />
    </>
  );
}
