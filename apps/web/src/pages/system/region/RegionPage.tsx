import { PlusOutlined } from '@ant-design/icons';
import { PLATFORM_TENANT_ID, REGION_MAX_LEVEL, type Region, RegionSubmit } from '@aos/contract';
import { Alert, Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { useSession } from '../../../store/session';
import { lazyRegions, regionCrud } from './api';
import './locale';

const api: CrudApi<Region> = { ...regionCrud, lazy: lazyRegions };

const LEVELS = [1, 2, 3, 4, 5].map((level) => ({ value: level, label: `region.level${level}` }));

const columns: CrudColumn<Region>[] = [
  {
    field: 'name',
    label: 'region.name',
    schema: RegionSubmit.shape.name,
    required: true,
    search: true,
    width: 240,
  },
  {
    field: 'code',
    label: 'region.code',
    schema: RegionSubmit.shape.code,
    required: true,
    search: true,
    editDisabled: true,
    width: 140,
  },
  {
    field: 'parentCode',
    label: 'region.parentCode',
    schema: RegionSubmit.shape.parentCode,
    required: true,
    editDisabled: true,
    initialValue: '00',
    tooltip: 'region.parentHint',
    width: 130,
  },
  { field: 'level', label: 'region.level', type: 'select', options: LEVELS, form: false, width: 110 },
  { field: 'ancestors', label: 'region.ancestors', form: false, table: false },
  { field: 'provinceName', label: 'region.provinceName', form: false, table: false },
  { field: 'cityName', label: 'region.cityName', form: false, table: false },
  { field: 'districtName', label: 'region.districtName', form: false, table: false },
  { field: 'townName', label: 'region.townName', form: false, table: false },
  {
    field: 'sort',
    label: 'region.sort',
    type: 'number',
    schema: RegionSubmit.shape.sort,
    required: true,
    initialValue: 1,
    width: 80,
  },
  {
    field: 'remark',
    label: 'region.remark',
    type: 'textarea',
    schema: RegionSubmit.shape.remark,
    ellipsis: true,
  },
];

/**
 * China's administrative divisions as a lazily loaded tree table (provinces, cities, counties and below).
 * Every tenant reads them; only the platform tenant adds, edits and removes (the server refuses the rest).
 */
export default function RegionPage() {
  const { t } = useTranslation();
  const platform = useSession((state) => state.tenantId) === PLATFORM_TENANT_ID;
  const readOnly = useMemo(() => ({ add: false, edit: false, delete: false }) as const, []);
  return (
    <>
      {!platform && (
        <Alert type="info" showIcon title={t('region.platformOnly')} style={{ marginBottom: 12 }} />
      )}
      <CrudPage<Region>
        code="region"
        title="region.title"
        tree
        dateRange={false}
        columns={columns}
        api={api}
        permissions={platform ? undefined : readOnly}
        actionWidth={260}
        rowActions={(record, actions) =>
          platform && actions.can('region_add') && record.level < REGION_MAX_LEVEL ? (
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              data-testid="row-add-child"
              onClick={() => actions.openAdd({ parentCode: record.code })}
            >
              {t('region.addChild')}
            </Button>
          ) : null
        }
      />
    </>
  );
}
