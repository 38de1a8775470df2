import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { IMAGE_MAX_BYTES } from '@aos/contract/rules';
import {
  App,
  Button,
  DatePicker,
  Image,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  TreeSelect,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/upload';
import { formatDate, formatDateTime, type TimeValue } from '../time';
import { type ColumnOptions, optionLabel, treeLabel } from './options';
import type { CrudColumn } from './types';

const DATE = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(',').filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  return [];
}

/**
 * How a column's wire value (what the API sends and takes) maps to its antd input and back, so form values
 * stay in wire form: dates as text, id lists comma-separated, switches 0/1, dictionary keys as text.
 */
export function valueBinding<T>(column: CrudColumn<T>) {
  switch (column.type) {
    case 'switch':
      return {
        valuePropName: 'checked',
        getValueProps: (value: unknown) => ({ checked: value === 1 || value === '1' || value === true }),
        normalize: (checked: boolean) => (checked ? 1 : 0),
      };
    case 'date':
    case 'datetime': {
      const format = column.type === 'date' ? DATE : DATE_TIME;
      return {
        getValueProps: (value: unknown) => ({ value: value ? dayjs(String(value), format) : undefined }),
        normalize: (value: Dayjs | null) => (value ? value.format(format) : undefined),
      };
    }
    case 'select':
    case 'radio':
    case 'tree-select':
      if (column.multiple) {
        return {
          getValueProps: (value: unknown) => ({ value: splitList(value) }),
          normalize: (value: string[] | undefined) => (value?.length ? value.join(',') : undefined),
        };
      }
      if (column.dict || column.type === 'tree-select') {
        return {
          getValueProps: (value: unknown) => ({
            value: value === undefined || value === null || value === '' ? undefined : String(value),
          }),
        };
      }
      return {};
    default:
      return {};
  }
}

/** The input of one column in the add/edit form. */
export function FieldInput<T>({
  column,
  options,
  editing,
  ...control
}: {
  column: CrudColumn<T>;
  options: ColumnOptions;
  editing: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  checked?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const label = t(column.label);
  const disabled = control.disabled || (editing && column.editDisabled);
  const testId = `field-${column.field}`;
  switch (column.type) {
    case 'textarea':
      return (
        <Input.TextArea
          {...(control as object)}
          disabled={disabled}
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t('crud.required', { field: label })}
          data-testid={testId}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...(control as object)}
          disabled={disabled}
          style={{ width: '100%' }}
          placeholder={t('crud.required', { field: label })}
          data-testid={testId}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...(control as object)}
          disabled={disabled}
          autoComplete="new-password"
          data-testid={testId}
        />
      );
    case 'switch':
      return <Switch {...(control as object)} disabled={disabled} data-testid={testId} />;
    case 'radio':
      return (
        <Radio.Group {...(control as object)} disabled={disabled} data-testid={testId}>
          {(options.options.get(column.field) ?? []).map((option) => (
            <Radio key={String(option.value)} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'select':
      return (
        <Select
          {...(control as object)}
          disabled={disabled}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          mode={column.multiple ? 'multiple' : undefined}
          options={options.options.get(column.field) ?? []}
          placeholder={t('crud.requiredSelect', { field: label })}
          data-testid={testId}
        />
      );
    case 'tree-select':
      return (
        <TreeSelect
          {...(control as object)}
          disabled={disabled}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          multiple={column.multiple}
          treeDefaultExpandAll
          treeData={options.trees.get(column.field) ?? []}
          placeholder={t('crud.requiredSelect', { field: label })}
          data-testid={testId}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...(control as object)}
          disabled={disabled}
          showTime={column.type === 'datetime'}
          style={{ width: '100%' }}
          data-testid={testId}
        />
      );
    case 'image':
      return (
        <ImageInput
          value={control.value as string | undefined}
          onChange={control.onChange}
          disabled={disabled}
          max={column.max}
        />
      );
    case 'custom':
      return <>{column.renderInput?.({ value: control.value, onChange: control.onChange, editing })}</>;
    default:
      return (
        <Input
          {...(control as object)}
          disabled={disabled}
          allowClear
          placeholder={t('crud.required', { field: label })}
          data-testid={testId}
        />
      );
  }
}

/**
 * Pictures uploaded through the enabled object store (spec §5: device, hangar and route images up to 5 MB,
 * jpg/png/gif/webp, checked here before sending and by the server again). One picture by default, the value
 * its link; with `max` > 1, up to `max` pictures as comma-separated links, each removable.
 */
function ImageInput({
  value,
  onChange,
  disabled,
  max = 1,
}: {
  value?: string;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  max?: number;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const links = splitList(value);
  const latest = useRef(links);
  latest.current = links;
  const several = max > 1;
  const set = (next: string[]) => onChange?.(next.length ? next.join(',') : null);
  const picker = (
    <Upload
      accept=".jpg,.jpeg,.png,.gif,.webp"
      listType="picture-card"
      showUploadList={false}
      multiple={several}
      disabled={disabled}
      beforeUpload={(file, batch) => {
        if (!IMAGE_TYPES.includes(file.type) || file.size > IMAGE_MAX_BYTES) {
          message.error(t('crud.uploadImageHint'));
          return Upload.LIST_IGNORE;
        }
        if (several && links.length + batch.indexOf(file) >= max) {
          message.error(t('crud.uploadImageMax', { max }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        setUploading((count) => count + 1);
        try {
          const result = await uploadFile(file as File);
          // several uploads finish in any order: append to the latest value, not the one of this render
          latest.current = several ? [...latest.current, result.link].slice(0, max) : [result.link];
          set(latest.current);
          onSuccess?.(result);
        } catch (error) {
          onError?.(error as Error);
        } finally {
          setUploading((count) => count - 1);
        }
      }}
      data-testid="image-upload"
    >
      {!several && links[0] ? (
        <img src={links[0]} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div>
          {uploading ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 4 }}>{t('crud.upload')}</div>
        </div>
      )}
    </Upload>
  );
  if (!several) return picker;
  return (
    <Space wrap size={8} data-testid="image-list">
      <Image.PreviewGroup>
        {links.map((link) => (
          <div key={link} style={{ position: 'relative' }}>
            <Image src={link} width={102} height={102} style={{ objectFit: 'cover', borderRadius: 8 }} />
            {!disabled && (
              <Button
                size="small"
                shape="circle"
                icon={<DeleteOutlined />}
                aria-label={t('crud.delete')}
                style={{ position: 'absolute', top: 4, right: 4 }}
                onClick={() => set(links.filter((item) => item !== link))}
              />
            )}
          </div>
        ))}
      </Image.PreviewGroup>
      {links.length < max && picker}
    </Space>
  );
}

/** How a value reads in the table and the view dialog. */
export function displayValue<T>(
  column: CrudColumn<T>,
  record: T,
  options: ColumnOptions,
  t: (key: string) => string,
): ReactNode {
  const value = (record as Record<string, unknown>)[column.field];
  if (column.render) return column.render(value, record);
  if (value === undefined || value === null || value === '') return column.type === 'image' ? null : '';
  const choices = options.options.get(column.field);
  if (choices) {
    const values = column.multiple ? splitList(value) : [value];
    const labels = values.map((item) => optionLabel(choices, item) ?? String(item));
    return column.multiple ? labels.map((text) => <Tag key={text}>{text}</Tag>) : labels[0];
  }
  if (column.type === 'tree-select') {
    const tree = options.trees.get(column.field);
    const labels = splitList(value).map((item) => treeLabel(tree, item) ?? item);
    return column.multiple ? labels.map((text) => <Tag key={text}>{text}</Tag>) : labels[0];
  }
  if (column.type === 'switch')
    return value === 1 || value === '1' || value === true ? t('crud.yes') : t('crud.no');
  if (column.type === 'image')
    return (
      <Image.PreviewGroup>
        <Space size={4}>
          {splitList(value).map((link) => (
            <Image key={link} src={link} width={48} height={48} style={{ objectFit: 'cover' }} />
          ))}
        </Space>
      </Image.PreviewGroup>
    );
  if (column.type === 'password') return '••••••';
  if (column.type === 'datetime') return formatDateTime(value as TimeValue);
  if (column.type === 'date') return formatDate(value as TimeValue);
  return String(value);
}
