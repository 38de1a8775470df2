import { SettingOutlined } from '@ant-design/icons';
import { DICT, type Dock, DockBasicSetSubmit } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import type { Rule } from 'antd/es/form';
import { type ButtonProps, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http';
import { schemaProblem } from '../../../components/crud/validation';
import { useAction } from '../../../components/useAction';
import { useSession } from '../../../store/session';
import { numericDictionary } from '../device/api';
import { basicSetDetail, submitBasicSet } from './api';
import { LandingPointInput } from './LandingPointInput';
import { alternatePairRule, ultraLowRule } from './rules';

const shape = DockBasicSetSubmit.shape;
type Field = Exclude<keyof typeof shape, 'hangarId'>;

/**
 * A dock's basic settings (hangarbasicset detail and submit): the alternate landing point and the height
 * to climb to before flying there, the battery alarms, the log address, the return-home altitude and what
 * the drone does when the link is lost. Checked with the contract's rules before sending; the server's
 * field errors land at their fields.
 */
export function BasicSetDialog({ dock, onClose }: { dock: Dock | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [form] = Form.useForm();
  const { busy: saving, run } = useAction({
    success: t('common.saved'),
    failure: t('common.saveFailed'),
    onDone: onClose,
    onError: (error) => {
      const fields = fieldErrors(error);
      if (fields) form.setFields(Object.entries(fields).map(([name, text]) => ({ name, errors: [text] })));
    },
  });
  const detail = useQuery({
    queryKey: ['dock-basic-set', dock?.id],
    queryFn: () => basicSetDetail(dock!.id),
    enabled: Boolean(dock),
    staleTime: 0,
  });
  const actions = useQuery({
    queryKey: ['numeric-dictionary', DICT.out_of_control_action, language],
    queryFn: () => numericDictionary(DICT.out_of_control_action),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (detail.data) form.setFieldsValue(detail.data);
  }, [form, detail.data]);

  const item = (field: Field, label: string, input: ReactNode, extra: Rule[] = [], tooltip?: string) => (
    <Form.Item
      name={field}
      label={t(label)}
      tooltip={tooltip ? t(tooltip) : undefined}
      required={!shape[field].safeParse(undefined).success}
      rules={[
        {
          validator: async (_rule, value: unknown) => {
            const problem = schemaProblem(shape[field], value, language, t(label));
            if (problem) throw new Error(problem);
          },
        },
        ...extra,
      ]}
      dependencies={field === 'ultraLowBattery' ? ['lowBattery'] : undefined}
    >
      {input}
    </Form.Item>
  );
  const number = (field: Field) => <InputNumber style={{ width: '100%' }} data-testid={`field-${field}`} />;

  const save = async () => {
    const values = (await form.validateFields()) as Omit<DockBasicSetSubmit, 'hangarId'>;
    await run(() => submitBasicSet({ ...values, hangarId: dock!.id }));
  };

  return (
    <Modal
      open={Boolean(dock)}
      width={760}
      maskClosable={false}
      destroyOnHidden
      title={
        <span>
          <SettingOutlined style={{ marginRight: 8 }} />
          {t('dock.basicSet.title', { name: dock?.name ?? '' })}
        </span>
      }
      okText={t('common.save')}
      okButtonProps={{ 'data-testid': 'basic-set-submit', disabled: !detail.data } as ButtonProps}
      confirmLoading={saving}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
    >
      {detail.isLoading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {detail.data && (
        <Form form={form} layout="vertical" data-testid="basic-set-form" preserve={false}>
          <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
            {t('dock.basicSet.landing')}
          </Divider>
          <Row gutter={16}>
            <Col span={12}>
              {item(
                'alternateLongitude',
                'dock.alternateLongitude',
                <LandingPointInput axis="longitude" />,
                [alternatePairRule(language, 'alternateLongitude')],
                'dock.alternateHint',
              )}
            </Col>
            <Col span={12}>
              {item('alternateLatitude', 'dock.alternateLatitude', <LandingPointInput axis="latitude" />, [
                alternatePairRule(language, 'alternateLatitude'),
              ])}
            </Col>
            <Col span={12}>
              {item(
                'safeLandHeight',
                'dock.safeLandHeight',
                number('safeLandHeight'),
                [],
                'dock.safeLandHeightHint',
              )}
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            {t('dock.basicSet.battery')}
          </Divider>
          <Row gutter={16}>
            <Col span={12}>{item('lowBattery', 'dock.lowBattery', number('lowBattery'))}</Col>
            <Col span={12}>
              {item('ultraLowBattery', 'dock.ultraLowBattery', number('ultraLowBattery'), [
                ultraLowRule(language),
              ])}
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            {t('dock.basicSet.flight')}
          </Divider>
          <Row gutter={16}>
            <Col span={12}>
              {item('rthAltitude', 'dock.rthAltitude', number('rthAltitude'), [], 'dock.rthAltitudeHint')}
            </Col>
            <Col span={12}>
              {item(
                'outOfControlAction',
                'dock.outOfControlAction',
                <Select options={actions.data ?? []} data-testid="field-outOfControlAction" />,
              )}
            </Col>
            <Col span={24}>
              {item(
                'logUrl',
                'dock.logUrl',
                <Input allowClear placeholder="https://" data-testid="field-logUrl" />,
              )}
            </Col>
          </Row>
        </Form>
      )}
    </Modal>
  );
}
