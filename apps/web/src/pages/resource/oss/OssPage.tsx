import { OSS_CATEGORY, type Oss, OssSubmit } from '@aos/contract';
import { useMemo } from 'react';
import { crudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { EnableButton, EnabledTag } from '../EnableButton';
import '../locale';

const api = crudApi<Oss>('/api/blade-resource/oss');

const CATEGORIES = [
  { value: OSS_CATEGORY.local, label: 'oss.category.local' },
  { value: OSS_CATEGORY.minio, label: 'oss.category.minio' },
  { value: OSS_CATEGORY.s3, label: 'oss.category.s3' },
];

const columns: CrudColumn<Oss>[] = [
  {
    field: 'category',
    label: 'oss.categoryLabel',
    type: 'select',
    options: CATEGORIES,
    schema: OssSubmit.shape.category,
    required: true,
    initialValue: OSS_CATEGORY.minio,
    search: true,
    width: 130,
  },
  {
    field: 'ossCode',
    label: 'oss.ossCode',
    schema: OssSubmit.shape.ossCode,
    required: true,
    search: true,
    width: 150,
  },
  {
    field: 'endpoint',
    label: 'oss.endpoint',
    schema: OssSubmit.shape.endpoint,
    tooltip: 'oss.endpointHint',
    ellipsis: true,
    width: 220,
  },
  { field: 'bucketName', label: 'oss.bucketName', schema: OssSubmit.shape.bucketName, width: 140 },
  {
    field: 'accessKey',
    label: 'oss.accessKey',
    schema: OssSubmit.shape.accessKey,
    table: false,
  },
  {
    field: 'secretKey',
    label: 'oss.secretKey',
    type: 'password',
    schema: OssSubmit.shape.secretKey,
    tooltip: 'oss.secretKeyHint',
    table: false,
    render: (value) => (value ? String(value) : ''),
  },
  { field: 'region', label: 'oss.region', schema: OssSubmit.shape.region, table: false },
  { field: 'appId', label: 'oss.appId', schema: OssSubmit.shape.appId, table: false },
  {
    field: 'status',
    label: 'resource.status',
    form: false,
    width: 90,
    render: (value) => <EnabledTag status={value} />,
  },
  {
    field: 'remark',
    label: 'oss.remark',
    type: 'textarea',
    schema: OssSubmit.shape.remark,
    table: false,
  },
  { field: 'createTime', label: 'crud.createTime', form: false, width: 170 },
];

/**
 * Object-storage configurations (oss): where uploads go. One is enabled per tenant (row action "enable");
 * with none, files stay on the server's disk. Secrets are shown masked and kept when left as they are.
 */
export default function OssPage() {
  const rowActions = useMemo(
    () => (record: Oss, actions: { refresh: () => void; can: (code: string) => boolean }) =>
      actions.can('oss_enable') ? (
        <EnableButton kind="oss" record={record} refresh={actions.refresh} />
      ) : null,
    [],
  );
  return (
    <CrudPage<Oss>
      code="oss"
      title="oss.title"
      columns={columns}
      api={api}
      actionWidth={240}
      rowActions={rowActions}
    />
  );
}
