import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface CrudToolbarProps {
  testId: string;
  canAdd: boolean;
  canDelete: boolean;
  onAdd: () => void;
  onBatchDelete: () => void;
  onRefresh: () => void;
  /** the page's own buttons, after the built-in ones */
  extra: ReactNode;
  selectedCount: number;
}

/** The bar above a CRUD table: add, batch delete, the page's own buttons, the selection count, refresh. */
export function CrudToolbar(props: CrudToolbarProps) {
  const { testId, selectedCount } = props;
  const { t } = useTranslation();
  return (
    <div className="crud-toolbar">
      <Space wrap>
        {props.canAdd && (
          <Button type="primary" icon={<PlusOutlined />} data-testid={`${testId}-add`} onClick={props.onAdd}>
            {t('crud.add')}
          </Button>
        )}
        {props.canDelete && (
          <Button
            danger
            icon={<DeleteOutlined />}
            data-testid={`${testId}-batch-delete`}
            onClick={props.onBatchDelete}
          >
            {t('crud.batchDelete')}
          </Button>
        )}
        {props.extra}
        {selectedCount > 0 && (
          <span className="crud-selected">{t('crud.selected', { count: selectedCount })}</span>
        )}
      </Space>
      <Tooltip title={t('crud.refresh')}>
        <Button
          shape="circle"
          icon={<ReloadOutlined />}
          aria-label={t('crud.refresh')}
          data-testid={`${testId}-refresh`}
          onClick={props.onRefresh}
        />
      </Tooltip>
    </div>
  );
}
