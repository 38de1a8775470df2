import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FieldInput, valueBinding } from './fields';
import type { ColumnOptions } from './options';
import type { CrudColumn } from './types';

const TIME = 'YYYY-MM-DD HH:mm:ss';

interface CrudSearchFormProps {
  /** the columns marked `search` */
  columns: CrudColumn<never>[];
  options: ColumnOptions;
  dateRange: boolean;
  testId: string;
  /** the new search values (the creation-time range as begin and end); empty after a reset */
  onSearch: (search: Record<string, unknown>) => void;
}

/** The search form above a CRUD table: its search fields, the creation-time range, search and reset. */
export function CrudSearchForm({ columns, options, dateRange, testId, onSearch }: CrudSearchFormProps) {
  const { t } = useTranslation();
  const [searchForm] = Form.useForm();
  return (
    <Form
      form={searchForm}
      layout="inline"
      className="crud-search"
      onFinish={(values: Record<string, unknown>) => {
        const { __createTime, ...rest } = values;
        const range = __createTime as [Dayjs, Dayjs] | undefined;
        onSearch({
          ...rest,
          createTimeBegin: range?.[0]?.format(TIME),
          createTimeEnd: range?.[1]?.format(TIME),
        });
      }}
    >
      {columns.map((column) => (
        <Form.Item key={column.field} name={column.field} label={t(column.label)} {...valueBinding(column)}>
          <FieldInput
            column={{ ...column, type: column.type === 'textarea' ? 'text' : column.type }}
            options={options}
            editing={false}
          />
        </Form.Item>
      ))}
      {dateRange && (
        <Form.Item name="__createTime" label={t('crud.createTime')}>
          <DatePicker.RangePicker
            showTime
            placeholder={[t('crud.startTime'), t('crud.endTime')]}
            data-testid={`${testId}-create-time`}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-search`}>
            {t('crud.search')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            data-testid={`${testId}-reset`}
            onClick={() => {
              searchForm.resetFields();
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
