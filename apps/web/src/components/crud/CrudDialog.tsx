import { App, Button, Col, Descriptions, Form, Modal, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http';
import { useSession } from '../../store/session';
import { displayValue, FieldInput, valueBinding } from './fields';
import type { ColumnOptions } from './options';
import type { CrudColumn } from './types';
import { schemaProblem } from './validation';

/** What the CRUD page's dialog shows: a record to view or edit, or a new one with initial values. */
export interface DialogState<T> {
  mode: 'add' | 'edit' | 'view';
  record?: T;
  initial?: Partial<T>;
}

function shownIn(column: CrudColumn<never>, mode: DialogState<unknown>['mode']): boolean {
  if (mode === 'view') return column.view !== false;
  const form = column.form ?? true;
  return form === true || form === mode;
}

/**
 * The add / edit / view dialog of `CrudPage`: 880 wide by default, not closed by an outside click; the form
 * checks each field with its zod schema and shows a server 400 at the field it names.
 */
export function CrudDialog<T extends { id: string }>(props: {
  dialog: DialogState<T> | undefined;
  columns: CrudColumn<never>[];
  options: ColumnOptions;
  submit?: (values: Record<string, unknown>) => Promise<unknown>;
  beforeSubmit?: (values: Record<string, unknown>, editing: T | undefined) => Record<string, unknown>;
  /** i18n key of the title noun */
  title?: string;
  width: number;
  testId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { dialog, columns, options, testId, onClose } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useSession((state) => state.language);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const mode = dialog?.mode ?? 'add';
  const shown = columns.filter((column) => shownIn(column, mode));
  const noun = props.title ? t(props.title) : '';

  // The form of each dialog starts from the record being edited, or the defaults plus what the caller gave.
  useEffect(() => {
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
    // only when a dialog opens: columns may be rebuilt on every render by the page
  }, [dialog]);

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const editing = dialog?.mode === 'edit' ? dialog.record : undefined;
    const body = props.beforeSubmit
      ? props.beforeSubmit(values, editing)
      : { ...values, ...(editing ? { id: editing.id } : {}) };
    setSaving(true);
    try {
      await props.submit!(body);
      message.success(t(editing ? 'common.updated' : 'common.added'));
      props.onSaved();
    } catch (error) {
      const errors = (error as HttpError).body as { data?: { errors?: Record<string, string> } } | undefined;
      const fields = errors?.data?.errors;
      if (fields) {
        form.setFields(
          Object.entries(fields)
            .filter(([name]) => columns.some((column) => column.field === name))
            .map(([name, text]) => ({ name, errors: [text] })),
        );
      }
      if (!(error instanceof HttpError && error.shown)) message.error(t('common.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

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
              loading={saving}
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
          {shown.map((column) => (
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
            {shown.map((column) => {
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
