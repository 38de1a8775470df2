import { Button, Col, Descriptions, Form, Modal, Row, Space } from 'antd';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../api/crud';
import { fieldErrors } from '../../api/http';
import { useSession } from '../../store/session';
import { useAction } from '../useAction';
import { displayValue, FieldInput, valueBinding } from './fields';
import type { ColumnOptions } from './options';
import type { CrudColumn } from './types';
import { schemaProblem } from './validation';

/** What the CRUD dialog does: add a record, edit one, or show one. */
export type DialogMode = 'add' | 'edit' | 'view';

/** The open CRUD dialog: its mode, the record edited or shown, or the initial values of a new one. */
export interface DialogState<T> {
  mode: DialogMode;
  record?: T;
  initial?: Partial<T>;
}

function shownIn(column: CrudColumn<never>, mode: DialogMode): boolean {
  if (mode === 'view') return column.view !== false;
  const form = column.form ?? true;
  return form === true || form === mode;
}

interface CrudDialogProps<T> {
  /** the open dialog; closed when undefined */
  dialog: DialogState<T> | undefined;
  columns: CrudColumn<never>[];
  options: ColumnOptions;
  api: CrudApi<T>;
  beforeSubmit?: (values: Record<string, unknown>, editing: T | undefined) => Record<string, unknown>;
  testId: string;
  width: number;
  /** i18n key of the title noun */
  title?: string;
  onClose: () => void;
  /** after a save: the dialog is closed already */
  onSaved: () => void;
}

/** The add / edit / view dialog of a CRUD screen: a form checked by the columns' schemas, or a description. */
export function CrudDialog<T extends { id: string }>(props: CrudDialogProps<T>) {
  const { dialog, columns, options, api, testId, onClose } = props;
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [form] = Form.useForm();
  const saving = useAction({
    failure: t('common.saveFailed'),
    onError: (error) => {
      const fields = fieldErrors(error);
      if (fields) {
        form.setFields(
          Object.entries(fields)
            .filter(([name]) => columns.some((column) => column.field === name))
            .map(([name, text]) => ({ name, errors: [text] })),
        );
      }
    },
  });

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = (await form.validateFields()) as Record<string, unknown>;
    } catch (error) {
      // a long form: the first refused field may be out of view, above the submit button
      const first = (error as { errorFields?: Array<{ name: (string | number)[] }> }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    const editing = dialog?.mode === 'edit' ? dialog.record : undefined;
    const body = props.beforeSubmit
      ? props.beforeSubmit(values, editing)
      : { ...values, ...(editing ? { id: editing.id } : {}) };
    await saving.run(() => api.submit!(body), {
      success: t(editing ? 'common.updated' : 'common.added'),
      onDone: () => {
        onClose();
        props.onSaved();
      },
    });
  };

  // The form of each dialog starts from the record being edited, or the defaults plus what the caller gave.
  // Only when a dialog opens: the page may rebuild `columns` on every render, read here as they are now.
  const fill = useEffectEvent((dialog: DialogState<T> | undefined) => {
    if (!dialog || dialog.mode === 'view') return;
    form.resetFields();
    form.setFieldsValue(
      dialog.mode === 'edit'
        ? (dialog.record as Record<string, unknown>)
        : {
            ...Object.fromEntries(
              columns
                .filter((column) => column.initialValue !== undefined)
                .map((column) => [column.field, column.initialValue]),
            ),
            ...dialog.initial,
          },
    );
  });
  useEffect(() => fill(dialog), [dialog]);

  const mode = dialog?.mode ?? 'add';
  const dialogColumns = columns.filter((column) => shownIn(column, mode));
  const nounKey = props.title;
  const noun = nounKey ? t(nounKey) : '';

  return (
    <Modal
      open={Boolean(dialog)}
      title={`${t(`crud.${mode}Title`)}${noun ? ` · ${noun}` : ''}`}
      width={props.width}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        mode === 'view' ? (
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={saving.busy}
              onClick={() => void submit()}
              data-testid={`${testId}-submit`}
            >
              {t('common.submit')}
            </Button>
          </Space>
        )
      }
    >
      {dialog && mode === 'view' && dialog.record && (
        <Descriptions bordered column={2} size="small" data-testid={`${testId}-view`}>
          {dialogColumns.map((column) => (
            <Descriptions.Item
              key={column.field}
              label={t(column.label)}
              span={column.type === 'textarea' || column.span === 24 ? 2 : 1}
            >
              <span style={{ whiteSpace: 'pre-wrap' }}>
                {displayValue(column, dialog.record as never, options, t)}
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {dialog && mode !== 'view' && (
        <Form form={form} data-testid={`${testId}-form`} layout="vertical" preserve={false}>
          <Row gutter={16}>
            {dialogColumns.map((column) => {
              const label = t(column.label);
              const schema = column.schema;
              return (
                <Col key={column.field} span={column.span ?? (column.type === 'textarea' ? 24 : 12)}>
                  <Form.Item
                    name={column.field}
                    label={label}
                    tooltip={column.tooltip ? t(column.tooltip) : undefined}
                    required={column.required}
                    {...valueBinding(column)}
                    rules={[
                      ...(schema
                        ? [
                            {
                              validator: async (_: unknown, value: unknown) => {
                                const problem = schemaProblem(schema, value, language, label);
                                if (problem) throw new Error(problem);
                              },
                            },
                          ]
                        : []),
                      ...(column.rules ?? []),
                    ]}
                  >
                    <FieldInput column={column} options={options} editing={mode === 'edit'} />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </Form>
      )}
    </Modal>
  );
}
