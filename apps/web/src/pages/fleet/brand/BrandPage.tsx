import { DICT, type Brand, BrandSubmit } from '@aos/contract';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { brandApi, entityModelOptions } from './api';
import './locale';

const columns: CrudColumn<Brand>[] = [
  {
    field: 'name',
    label: 'brand.name',
    schema: BrandSubmit.shape.name,
    required: true,
    search: true,
    width: 160,
  },
  {
    field: 'code',
    label: 'brand.code',
    schema: BrandSubmit.shape.code,
    required: true,
    search: true,
    width: 140,
  },
  {
    field: 'type',
    label: 'brand.type',
    type: 'select',
    dict: { code: DICT.manufacturer_type },
    schema: BrandSubmit.shape.type,
    required: true,
    search: true,
    width: 130,
  },
  {
    field: 'entitySigns',
    label: 'brand.entitySigns',
    type: 'tree-select',
    multiple: true,
    treeData: entityModelOptions,
    schema: BrandSubmit.shape.entitySigns,
    required: true,
    tooltip: 'brand.entitySignsHint',
    width: 220,
  },
  { field: 'phone', label: 'brand.phone', schema: BrandSubmit.shape.phone, width: 140 },
  {
    field: 'address',
    label: 'brand.address',
    schema: BrandSubmit.shape.address,
    span: 24,
    ellipsis: true,
  },
  {
    field: 'remark',
    label: 'brand.remark',
    type: 'textarea',
    schema: BrandSubmit.shape.remark,
    table: false,
  },
  { field: 'createTime', label: 'crud.createTime', form: false, table: false },
];

/** Brands (manufacturers): code unique in the tenant, the entity-center models each makes. */
export default function BrandPage() {
  return (
    <CrudPage<Brand>
      code="manufacturer"
      testId="brand"
      title="brand.title"
      columns={columns}
      api={brandApi}
    />
  );
}
