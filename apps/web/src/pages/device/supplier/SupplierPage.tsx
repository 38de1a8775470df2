import { type Page, type SupplierConfig, SupplierConfigSubmit } from '@aos/contract';
import type { CrudApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';

const BASE = '/api/cloud-equipment/supplier-config';

/** Supplier-config calls (spec §7): page, detail, add (POST), update (PUT), remove (DELETE with ids). */
const api: Required<Pick<CrudApi<SupplierConfig>, 'page' | 'detail' | 'submit' | 'remove'>> = {
  page: (query) => requestData<Page<SupplierConfig>>({ url: `${BASE}/page`, params: query }),
  detail: (id) => requestData<SupplierConfig>({ url: `${BASE}/detail`, params: { id } }),
  submit: (values) =>
    requestData<SupplierConfig>({
      url: `${BASE}/${values.id ? 'update' : 'add'}`,
      method: values.id ? 'PUT' : 'POST',
      data: values,
    }),
  remove: (ids) =>
    requestData<number>({ url: `${BASE}/remove`, method: 'DELETE', params: { ids: ids.join(',') } }),
};

const columns: CrudColumn<SupplierConfig>[] = [
  {
    field: 'name',
    label: 'supplier.name',
    schema: SupplierConfigSubmit.shape.name,
    required: true,
    search: true,
    width: 180,
  },
  {
    field: 'code',
    label: 'supplier.code',
    schema: SupplierConfigSubmit.shape.code,
    required: true,
    search: true,
    width: 150,
  },
  {
    field: 'baseUrl',
    label: 'supplier.baseUrl',
    schema: SupplierConfigSubmit.shape.baseUrl,
    required: true,
    tooltip: 'supplier.baseUrlHint',
    span: 24,
    ellipsis: true,
  },
  {
    field: 'appKey',
    label: 'supplier.appKey',
    schema: SupplierConfigSubmit.shape.appKey,
    required: true,
    width: 180,
  },
  {
    field: 'appSecret',
    label: 'supplier.appSecret',
    type: 'password',
    schema: SupplierConfigSubmit.shape.appSecret,
    tooltip: 'supplier.appSecretHint',
    table: false,
    render: (value) => (value ? String(value) : ''),
  },
  {
    field: 'remark',
    label: 'supplier.remark',
    type: 'textarea',
    schema: SupplierConfigSubmit.shape.remark,
    table: false,
  },
  { field: 'createTime', label: 'crud.createTime', form: false, width: 170 },
];

/** Supplier API settings of the tenant; the secret is shown masked and kept when left as it is. */
export default function SupplierPage() {
  return <CrudPage<SupplierConfig> code="supplier" title="supplier.title" columns={columns} api={api} />;
}
