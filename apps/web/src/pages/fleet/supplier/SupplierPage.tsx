import { type SupplierConfig, SupplierConfigSubmit } from '@aos/contract';
import { restApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import './locale';

/** Supplier-config calls (spec §7): page, detail, add (POST), update (PUT), remove (DELETE with ids). */
const api = restApi<SupplierConfig>('/api/cloud-equipment/supplier-config');

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
