import { type OilLayer, oilLayerInfo, type OilLayerSettings, OilLayerSettingsInput } from '@aos/contract';
import {
  AutoComplete,
  Button,
  ColorPicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http';
import { schemaProblem } from '../../../components/crud/validation';
import { useAction } from '../../../components/useAction';
import { useSession } from '../../../store/session';
import { saveLayerSettings } from './api';
import { POINT_SYMBOLS } from './symbols';

type Field = keyof typeof OilLayerSettingsInput.shape;

interface AdvancedDialogProps {
  layer: OilLayer | null;
  /** the layer's saved settings */
  settings: OilLayerSettings | undefined;
  /** the attribute names the layer's features have (label choices) */
  attributeKeys: string[];
  nameOf: (layer: OilLayer) => string;
  /** the settings being tried, drawn on the map; null: the saved ones again */
  onPreview: (settings: OilLayerSettings | null) => void;
  onSaved: (settings: OilLayerSettings) => void;
  onClose: () => void;
}

/** `#RRGGBB` typed, or picked with the colour picker beside it. */
function ColorInput({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <ColorPicker
        value={value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : undefined}
        disabledAlpha
        onChange={(color) => onChange?.(color.toHexString().toUpperCase())}
      />
      <Input value={value} onChange={(event) => onChange?.(event.target.value)} data-testid="field-color" />
    </Space.Compact>
  );
}

/**
 * A layer's advanced settings (advancedSet, button `oil_layer_advanced`): colour, line width, point symbol,
 * label field, minimum zoom and whether it shows by default. Each change is tried on the map at once; Cancel
 * puts the saved settings back.
 */
export function AdvancedDialog({
  layer,
  settings,
  attributeKeys,
  nameOf,
  onPreview,
  onSaved,
  onClose,
}: AdvancedDialogProps) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [form] = Form.useForm();
  const saving = useAction({
    success: t('common.updated'),
    failure: t('common.saveFailed'),
    onError: (error) => {
      const fields = fieldErrors(error);
      if (fields) form.setFields(Object.entries(fields).map(([name, text]) => ({ name, errors: [text] })));
    },
  });

  // The form starts from the saved settings each time the dialog opens, not again while it is edited.
  const fill = useEffectEvent(() => {
    if (!settings) return;
    form.resetFields();
    form.setFieldsValue({ ...settings, icon: settings.icon ?? 'circle' });
  });
  useEffect(() => {
    if (layer) fill();
  }, [layer]);

  if (!layer) return null;
  const kind = oilLayerInfo(layer).geometry;

  const rule = (field: Field, label: string) => ({
    validator: async (_: unknown, value: unknown) => {
      const problem = schemaProblem(OilLayerSettingsInput.shape[field], value, language, label);
      if (problem) throw new Error(problem);
    },
  });
  const item = (field: Field, label: string, hint?: string) => ({
    name: field,
    label,
    tooltip: hint,
    rules: [rule(field, label)],
  });

  /** What the form holds now, where it passes the contract's checks, over the saved settings. */
  const tried = (): OilLayerSettings | null => {
    if (!settings) return null;
    const values = form.getFieldsValue() as Record<string, unknown>;
    const next = { ...settings };
    for (const field of Object.keys(OilLayerSettingsInput.shape) as Field[]) {
      const parsed = OilLayerSettingsInput.shape[field].safeParse(
        values[field] === '' ? undefined : values[field],
      );
      if (parsed.success && parsed.data !== undefined) Object.assign(next, { [field]: parsed.data });
    }
    return next;
  };

  const close = () => {
    onPreview(null);
    onClose();
  };

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const input = OilLayerSettingsInput.parse({
      ...values,
      icon: kind === 'Point' ? values.icon : settings?.icon,
    });
    await saving.run(() => saveLayerSettings(layer, input), {
      onDone: (saved) => {
        onPreview(null);
        onSaved(saved);
        onClose();
      },
    });
  };

  const labelOptions = [
    { value: 'name', label: `${t('oilLayer.labelName')} (name)` },
    { value: 'code', label: `${t('oilLayer.labelCode')} (code)` },
    ...attributeKeys.map((key) => ({ value: key, label: key })),
  ];

  return (
    <Modal
      open
      title={t('oilLayer.advancedTitle', { layer: nameOf(layer) })}
      width={560}
      maskClosable={false}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={saving.busy}
            onClick={() => void submit()}
            data-testid="oil-advanced-submit"
          >
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="oil-advanced-form"
        onValuesChange={() => onPreview(tried())}
      >
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('oilLayer.preview')}
        </Typography.Paragraph>
        <Form.Item {...item('color', t('oilLayer.color'))} required>
          <ColorInput />
        </Form.Item>
        <Form.Item {...item('lineWidth', t('oilLayer.lineWidth'), t('oilLayer.lineWidthHint'))}>
          <InputNumber step={0.5} style={{ width: '100%' }} data-testid="field-lineWidth" />
        </Form.Item>
        {kind === 'Point' && (
          <Form.Item {...item('icon', t('oilLayer.icon'))}>
            <Select
              data-testid="field-icon"
              options={POINT_SYMBOLS.map((symbol) => ({
                value: symbol,
                label: t(`oilLayer.symbol.${symbol}`),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item {...item('labelField', t('oilLayer.labelField'), t('oilLayer.labelFieldHint'))}>
          <AutoComplete options={labelOptions} data-testid="field-labelField" />
        </Form.Item>
        <Form.Item {...item('minZoom', t('oilLayer.minZoom'), t('oilLayer.minZoomHint'))}>
          <InputNumber style={{ width: '100%' }} data-testid="field-minZoom" />
        </Form.Item>
        <Form.Item
          name="visible"
          label={t('oilLayer.visible')}
          valuePropName="checked"
          getValueProps={(value: unknown) => ({ checked: value === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch data-testid="field-visible" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
