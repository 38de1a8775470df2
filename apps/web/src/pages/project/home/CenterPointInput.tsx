import { EnvironmentOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPointPicker } from '../../../components/map/MapPointPicker';
import { sameArea } from './api';

const LONGITUDE = 'centerLongitude';
const LATITUDE = 'centerLatitude';
const FIELDS = [LONGITUDE, LATITUDE];

/**
 * One coordinate of the project's centre point. The latitude input carries the map button (the point picker
 * the dock form uses) and, once both are set, says when another project's centre is that close
 * (checkSameArea): a warning, the save is not refused.
 */
export function CenterPointInput({
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
  const [warning, setWarning] = useState<string>();
  const longitude = Form.useWatch(LONGITUDE, form) as unknown;
  const latitude = Form.useWatch(LATITUDE, form) as unknown;
  const id = form.getFieldValue('id') as string | undefined;
  const field = axis === 'longitude' ? LONGITUDE : LATITUDE;

  useEffect(() => {
    if (axis !== 'latitude' || typeof longitude !== 'number' || typeof latitude !== 'number') {
      setWarning(undefined);
      return;
    }
    let live = true;
    sameArea(longitude, latitude, id)
      .then((answer) => {
        if (!live) return;
        if (!answer.same) setWarning(undefined);
        else if (answer.projects.length)
          setWarning(
            t('project.sameArea', {
              names: answer.projects.map((project) => project.name).join('”, “'),
              radius: answer.radiusM,
            }),
          );
        else setWarning(t('project.sameAreaHidden', { radius: answer.radiusM }));
      })
      .catch(() => live && setWarning(undefined));
    return () => {
      live = false;
    };
  }, [axis, longitude, latitude, id, t]);

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
  const current = (): [number, number] | undefined =>
    typeof longitude === 'number' && typeof latitude === 'number' ? [longitude, latitude] : undefined;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        {input}
        <Tooltip title={t('map.pick')}>
          <Button
            icon={<EnvironmentOutlined />}
            onClick={() => setPicking(true)}
            aria-label={t('map.pick')}
            data-testid="field-center-map"
          >
            {t('project.pickOnMap')}
          </Button>
        </Tooltip>
      </Space.Compact>
      {warning && (
        <Alert type="warning" showIcon style={{ marginTop: 6 }} message={warning} data-testid="same-area" />
      )}
      <MapPointPicker
        open={picking}
        value={current()}
        title="project.pickTitle"
        onOk={([lon, lat]) => {
          form.setFieldsValue({ [LONGITUDE]: lon, [LATITUDE]: lat });
          void form.validateFields(FIELDS).catch(() => undefined);
          setPicking(false);
        }}
        onCancel={() => setPicking(false)}
      />
    </>
  );
}
