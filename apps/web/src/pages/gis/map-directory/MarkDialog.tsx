import {
  MARK_KIND_INFO,
  MARK_KINDS,
  type MapDirNode,
  type MapMark,
  type MarkKind,
  type StoredGeometry,
} from '@aos/contract';
import { ColorPicker, Form, Input, Modal, Radio, Row, Col, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http';
import { GeometryField } from '../../../components/map/editor/GeometryField';
import { DEFAULT_MARK_COLOR, MARK_ICONS, markIconSvg, svgSource } from '../../../components/map/marks/icons';
import { useAction } from '../../../components/useAction';
import { submitMark } from './api';
import { dirOptions } from './DirDialog';

export interface MarkDialogState {
  /** the mark edited or viewed; none: a new one */
  mark?: MapMark;
  /** a new mark's directory */
  dirId?: string;
  /** read only (the view button) */
  readOnly?: boolean;
}

interface MarkForm {
  kind: MarkKind;
  name: string;
  dirId: string;
  icon: string;
  color: string;
  remark?: string;
  geometry?: StoredGeometry;
}

/** Add, edit or view a mark: its kind, name, directory, icon (points), colour, remark and where it is. */
export function MarkDialog({
  state,
  tree,
  onClose,
  onSaved,
}: {
  state: MarkDialogState | null;
  tree: readonly MapDirNode[];
  onClose: () => void;
  onSaved: (mark: MapMark) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MarkForm>();
  const save = useAction();
  const editing = state?.mark;
  const readOnly = Boolean(state?.readOnly);
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'point';
  const options = useMemo(() => dirOptions(tree), [tree]);

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            kind: editing.kind,
            name: editing.name,
            dirId: editing.dirId,
            icon: editing.icon ?? 'pin',
            color: editing.color ?? DEFAULT_MARK_COLOR,
            remark: editing.remark ?? '',
            geometry: editing.geometry,
          }
        : { kind: 'point', name: '', dirId: state.dirId, icon: 'pin', color: DEFAULT_MARK_COLOR, remark: '' },
    );
  }, [state, editing, form]);

  const submit = async () => {
    const { kind: chosen, icon, geometry, ...values } = await form.validateFields();
    const body = {
      ...(editing ? { id: editing.id } : {}),
      ...values,
      icon: chosen === 'point' ? icon : null,
      geometry: geometry as never,
    };
    await save.run(() => submitMark(chosen, body), {
      success: editing ? t('common.updated') : t('common.added'),
      onDone: onSaved,
      onError: (error) => {
        const errors = fieldErrors(error);
        if (errors)
          form.setFields(
            Object.entries(errors).map(([name, text]) => ({ name: name as keyof MarkForm, errors: [text] })),
          );
      },
    });
  };

  const title = readOnly ? t('mapDir.viewMark') : editing ? t('mapDir.editMark') : t('mapDir.addMark');
  return (
    <Modal
      open={Boolean(state)}
      title={title}
      width={960}
      onCancel={onClose}
      onOk={() => (readOnly ? onClose() : void submit())}
      okText={readOnly ? t('common.ok') : t('common.save')}
      cancelText={t('common.cancel')}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      confirmLoading={save.busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'mapdir-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" disabled={readOnly} data-testid="mapdir-form">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="kind" label={t('mapDir.kind')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                disabled={Boolean(editing) || readOnly}
                onChange={(event) => {
                  // a drawn shape of another type is not this kind's: draw it again
                  const geometry = form.getFieldValue('geometry') as StoredGeometry | undefined;
                  if (geometry && geometry.type !== MARK_KIND_INFO[event.target.value as MarkKind].geometry)
                    form.setFieldValue('geometry', undefined);
                }}
                options={MARK_KINDS.map((value) => ({
                  value,
                  label: <span data-testid={`mapdir-kind-${value}`}>{t(`mapMarks.kind.${value}`)}</span>,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="name"
              label={t('mapDir.name')}
              rules={[{ required: true, whitespace: true, message: t('mapDir.nameRequired') }, { max: 100 }]}
            >
              <Input maxLength={100} data-testid="field-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="dirId"
              label={t('mapDir.folder')}
              rules={[{ required: true, message: t('mapDir.dirRequired') }]}
            >
              <TreeSelect treeData={options} treeDefaultExpandAll data-testid="field-dirId" />
            </Form.Item>
          </Col>
          <Col span={kind === 'point' ? 12 : 0}>
            <Form.Item name="icon" label={t('mapDir.icon')} hidden={kind !== 'point'}>
              <Radio.Group
                options={MARK_ICONS.map((icon) => ({
                  value: icon,
                  label: (
                    <span className="mapdir-icon" data-testid={`mapdir-icon-${icon}`}>
                      <img src={svgSource(markIconSvg(icon, '#595959'))} alt="" width={18} height={18} />
                      {t(`mapMarks.icon.${icon}`)}
                    </span>
                  ),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={kind === 'point' ? 4 : 8}>
            <Form.Item
              name="color"
              label={t('mapDir.color')}
              getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
            >
              <ColorPicker
                showText
                disabledAlpha
                presets={[
                  {
                    label: '',
                    colors: [
                      '#1677ff',
                      '#f5222d',
                      '#fa8c16',
                      '#fadb14',
                      '#52c41a',
                      '#13c2c2',
                      '#722ed1',
                      '#eb2f96',
                    ],
                  },
                ]}
                data-testid="field-color"
              />
            </Form.Item>
          </Col>
          <Col span={kind === 'point' ? 8 : 16}>
            <Form.Item name="remark" label={t('mapDir.remark')} rules={[{ max: 255 }]}>
              <Input maxLength={255} data-testid="field-remark" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="geometry"
          label={t('mapDir.geometry')}
          tooltip={t('mapDir.geometryHint')}
          rules={[{ required: true, message: t('mapDir.geometryRequired') }]}
        >
          <GeometryField
            key={kind}
            types={[MARK_KIND_INFO[kind].geometry]}
            disabled={readOnly}
            name={form.getFieldValue('name') as string | undefined}
            height={340}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
