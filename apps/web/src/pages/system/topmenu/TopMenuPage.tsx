import { SafetyOutlined } from '@ant-design/icons';
import { type TopMenuAdmin, TopMenuSubmit } from '@aos/contract';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../navigation/icons';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { topMenuCrud } from './api';
import { TopMenuGrantDialog } from './TopMenuGrantDialog';
import './locale';
import '../menu/locale';

/** The tenant's header top menus, and which side menus each one shows (button topmenu_grant). */
export default function TopMenuPage() {
  const { t, i18n } = useTranslation();
  const [granting, setGranting] = useState<string>();
  const columns = useMemo<CrudColumn<TopMenuAdmin>[]>(
    () => [
      {
        field: 'name',
        label: 'topmenu.name',
        schema: TopMenuSubmit.shape.name,
        required: true,
        search: true,
        render: (_, record) => (i18n.language === 'en-US' && record.nameEn ? record.nameEn : record.name),
      },
      { field: 'nameEn', label: 'topmenu.nameEn', schema: TopMenuSubmit.shape.nameEn, table: false },
      {
        field: 'code',
        label: 'topmenu.code',
        schema: TopMenuSubmit.shape.code,
        required: true,
        search: true,
      },
      {
        field: 'source',
        label: 'topmenu.source',
        schema: TopMenuSubmit.shape.source,
        tooltip: 'menu.sourceHint',
        width: 70,
        render: (value) => <MenuIcon name={value as string} />,
      },
      { field: 'path', label: 'topmenu.path', schema: TopMenuSubmit.shape.path },
      {
        field: 'sort',
        label: 'topmenu.sort',
        type: 'number',
        schema: TopMenuSubmit.shape.sort,
        required: true,
        initialValue: 1,
        width: 80,
      },
    ],
    [i18n.language],
  );
  return (
    <>
      <CrudPage<TopMenuAdmin>
        code="topmenu"
        title="topmenu.title"
        dateRange={false}
        columns={columns}
        api={topMenuCrud}
        actionWidth={260}
        rowActions={(record, actions) =>
          actions.can('topmenu_grant') ? (
            <Button
              type="link"
              size="small"
              icon={<SafetyOutlined />}
              data-testid="row-grant"
              onClick={() => setGranting(record.id)}
            >
              {t('topmenu.grant')}
            </Button>
          ) : null
        }
      />
      {granting && <TopMenuGrantDialog topMenuIds={[granting]} onClose={() => setGranting(undefined)} />}
    </>
  );
}
