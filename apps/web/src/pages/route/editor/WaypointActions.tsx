import type { WaypointAction } from '@aos/contract';
import { Button, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

const TYPES = [
  'takePhoto',
  'startRecord',
  'stopRecord',
  'hover',
  'rotateYaw',
  'gimbalRotate',
  'zoom',
] as const;

/** A new action of a type with a usable first value. */
function actionOf(type: (typeof TYPES)[number]): WaypointAction {
  switch (type) {
    case 'hover':
      return { type, hoverTimeS: 5 };
    case 'rotateYaw':
      return { type, headingDeg: 0, direction: 'clockwise' };
    case 'gimbalRotate':
      return { type, pitchDeg: -90 };
    case 'zoom':
      return { type, focalLengthMm: 24 };
    default:
      return { type };
  }
}

/**
 * The selected waypoints' actions: when they all have the same ones, those; otherwise empty with a note,
 * and whatever is set here replaces each selected waypoint's actions.
 */
export default function WaypointActions({
  value,
  onChange,
}: {
  value: WaypointAction[] | undefined | 'mixed';
  onChange: (actions: WaypointAction[]) => void;
}) {
  const { t } = useTranslation();
  const actions = value === 'mixed' || !value ? [] : value;
  const replace = (index: number, action: WaypointAction) =>
    onChange(actions.map((old, i) => (i === index ? action : old)));
  const numberInput = (
    index: number,
    current: number,
    make: (value: number) => WaypointAction,
    label: string,
  ) => (
    <InputNumber
      size="small"
      value={current}
      aria-label={label}
      placeholder={label}
      style={{ width: 90 }}
      onChange={(next) => typeof next === 'number' && replace(index, make(next))}
    />
  );
  return (
    <Form.Item
      label={t('routeEditor.actions')}
      extra={value === 'mixed' ? t('routeEditor.actionsKeep') : undefined}
    >
      <div data-testid="route-editor-actions">
        {actions.map((action, index) => (
          <Space key={index} style={{ display: 'flex', marginBottom: 4 }} size={4}>
            <span style={{ minWidth: 72, display: 'inline-block' }}>
              {t(`routeEditor.actionTypes.${action.type}`)}
            </span>
            {action.type === 'hover' &&
              numberInput(
                index,
                action.hoverTimeS,
                (v) => ({ ...action, hoverTimeS: v }),
                t('routeEditor.hoverTime'),
              )}
            {action.type === 'rotateYaw' &&
              numberInput(
                index,
                action.headingDeg,
                (v) => ({ ...action, headingDeg: v }),
                t('routeEditor.heading'),
              )}
            {action.type === 'gimbalRotate' &&
              numberInput(
                index,
                action.pitchDeg ?? -90,
                (v) => ({ ...action, pitchDeg: v }),
                t('routeEditor.gimbalPitch'),
              )}
            {action.type === 'zoom' &&
              numberInput(
                index,
                action.focalLengthMm,
                (v) => ({ ...action, focalLengthMm: v }),
                t('routeEditor.focalLength'),
              )}
            <Button size="small" type="text" onClick={() => onChange(actions.filter((_, i) => i !== index))}>
              ×
            </Button>
          </Space>
        ))}
        <Select
          size="small"
          value={null}
          placeholder={t('routeEditor.addAction')}
          style={{ width: '100%' }}
          options={TYPES.map((type) => ({ value: type, label: t(`routeEditor.actionTypes.${type}`) }))}
          onChange={(type: (typeof TYPES)[number]) => onChange([...actions, actionOf(type)])}
          data-testid="route-editor-add-action"
        />
      </div>
    </Form.Item>
  );
}
