import { type Param, PLATFORM_TENANT_ID, ParamName, ParamKey, ParamSubmit, ParamValue } from '@aos/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { useSession } from '../../../store/session';
import './locale';

const api = crudApi<Param>('/api/blade-system/param');

const columns: CrudColumn<Param>[] = [
  { field: 'paramName', label: 'param.paramName', schema: ParamName, required: true, search: true },
  { field: 'paramKey', label: 'param.paramKey', schema: ParamKey, required: true, search: true },
  {
    field: 'paramValue',
    label: 'param.paramValue',
    type: 'textarea',
    span: 24,
    schema: ParamValue,
    required: true,
    ellipsis: true,
  },
  {
    field: 'remark',
    label: 'param.remark',
    type: 'textarea',
    span: 24,
    schema: ParamSubmit.shape.remark,
    table: false,
  },
  { field: 'createTime', label: 'crud.createTime', form: false, width: 180 },
];

const READ_ONLY = { add: false, edit: false, delete: false } as const;

/**
 * System parameters (spec §3): name and key searchable, the value multi-line and not searchable. They are
 * platform-wide, so only the platform tenant sees the buttons that change them.
 */
export default function ParamPage() {
  const { t } = useTranslation();
  const platform = useSession((state) => state.tenantId) === PLATFORM_TENANT_ID;
  return (
    <>
      {!platform && (
        <Alert style={{ marginBottom: 12 }} type="info" showIcon title={t('param.platformOnly')} />
      )}
      <CrudPage<Param>
        code="param"
        title="param.title"
        columns={columns}
        api={api}
        permissions={platform ? undefined : READ_ONLY}
      />
    </>
  );
}
