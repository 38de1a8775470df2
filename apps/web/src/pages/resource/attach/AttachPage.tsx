import { type Attach, AttachSubmit, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@aos/contract';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudActions, CrudColumn } from '../../../components/crud/types';
import { useAction } from '../../../components/useAction';
import { downloadAttachment, uploadAttachment } from '../api';
import '../locale';

const api = crudApi<Attach>('/api/blade-resource/attach');

/** `1.5 MB`, `320 KB`, `12 B` */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${bytes} B`;
}

const columns: CrudColumn<Attach>[] = [
  {
    field: 'originalName',
    label: 'attach.originalName',
    schema: AttachSubmit.shape.originalName,
    required: true,
    search: true,
    width: 220,
  },
  { field: 'extension', label: 'attach.extension', search: true, form: false, width: 90 },
  {
    field: 'attachSize',
    label: 'attach.attachSize',
    form: false,
    width: 100,
    render: (value) => sizeText(Number(value)),
  },
  {
    field: 'link',
    label: 'attach.link',
    form: false,
    // a long unbroken path: in the view dialog, not the table
    table: false,
    render: (value) => (
      <a href={String(value)} target="_blank" rel="noreferrer">
        {String(value)}
      </a>
    ),
  },
  { field: 'domainUrl', label: 'attach.domainUrl', form: false, table: false },
  { field: 'name', label: 'attach.name', form: false, table: false },
  { field: 'createTime', label: 'crud.createTime', form: false, width: 170 },
];

const ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * Attachments (attach): every uploaded file of the tenant. Upload (attach_add), download through the server,
 * rename (edit), delete (removes the stored file too).
 */
export default function AttachPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { busy: uploading, run } = useAction({ success: t('attach.uploaded') });

  const toolbar = (actions: CrudActions<Attach>) =>
    actions.can('attach_add') ? (
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > UPLOAD_MAX_BYTES) {
            message.error(t('attach.tooLarge'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) =>
          run(() => uploadAttachment(file as File), {
            onDone: (result) => {
              onSuccess?.(result);
              actions.refresh();
            },
            onError: (error) => onError?.(error as Error),
          })
        }
      >
        <Button type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="attach-upload">
          {t('attach.upload')}
        </Button>
      </Upload>
    ) : null;

  const rowActions = useMemo(
    () => (record: Attach, actions: CrudActions<Attach>) =>
      actions.can('attach_view') ? (
        <Button
          type="link"
          size="small"
          data-testid="row-download"
          onClick={() => void downloadAttachment(record.id, record.originalName).catch(() => undefined)}
        >
          {t('attach.download')}
        </Button>
      ) : null,
    [t],
  );

  return (
    <CrudPage<Attach>
      code="attach"
      title="attach.title"
      columns={columns}
      api={api}
      permissions={{ add: false }}
      beforeSubmit={(values, editing) => ({ id: editing?.id, originalName: values.originalName })}
      toolbar={toolbar}
      rowActions={rowActions}
      actionWidth={230}
    />
  );
}
