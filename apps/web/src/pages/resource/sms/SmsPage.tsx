import { SMS_CATEGORY, type Sms, type SmsOutbox, SmsSubmit } from '@aos/contract';
import { PLATFORM_TENANT_ID } from '@aos/contract/rules';
import { Button, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudActions, CrudColumn } from '../../../components/crud/types';
import { useSession } from '../../../store/session';
import { outboxPage } from '../api';
import { EnableButton, EnabledTag } from '../EnableButton';
import { SendTestDialog } from './SendTestDialog';
import '../locale';

const api = crudApi<Sms>('/api/blade-resource/sms');
const outboxApi = { page: outboxPage };

const columns: CrudColumn<Sms>[] = [
  {
    field: 'category',
    label: 'sms.categoryLabel',
    type: 'select',
    options: [{ value: SMS_CATEGORY.outbox, label: 'sms.category.outbox' }],
    schema: SmsSubmit.shape.category,
    required: true,
    initialValue: SMS_CATEGORY.outbox,
    tooltip: 'sms.categoryHint',
    width: 150,
  },
  {
    field: 'smsCode',
    label: 'sms.smsCode',
    schema: SmsSubmit.shape.smsCode,
    required: true,
    search: true,
    width: 150,
  },
  { field: 'signName', label: 'sms.signName', schema: SmsSubmit.shape.signName, width: 140 },
  { field: 'templateId', label: 'sms.templateId', schema: SmsSubmit.shape.templateId, width: 140 },
  { field: 'accessKey', label: 'sms.accessKey', schema: SmsSubmit.shape.accessKey, table: false },
  {
    field: 'secretKey',
    label: 'sms.secretKey',
    type: 'password',
    schema: SmsSubmit.shape.secretKey,
    tooltip: 'oss.secretKeyHint',
    table: false,
    render: (value) => (value ? String(value) : ''),
  },
  { field: 'regionId', label: 'sms.regionId', schema: SmsSubmit.shape.regionId, table: false },
  {
    field: 'status',
    label: 'resource.status',
    form: false,
    width: 90,
    render: (value) => <EnabledTag status={value} />,
  },
  {
    field: 'remark',
    label: 'sms.remark',
    type: 'textarea',
    schema: SmsSubmit.shape.remark,
    ellipsis: true,
    width: 160,
  },
  { field: 'createTime', label: 'crud.createTime', form: false, width: 170 },
];

type OutboxRow = SmsOutbox & { id: string };
const outboxColumns: CrudColumn<OutboxRow>[] = [
  { field: 'tenantId', label: 'sms.tenantId', search: true, width: 100 },
  { field: 'phone', label: 'sms.phone', search: true, width: 130 },
  { field: 'content', label: 'sms.content', ellipsis: true, width: 360, span: 24 },
  { field: 'smsCode', label: 'sms.smsCode', width: 120 },
  { field: 'templateId', label: 'sms.templateId', table: false },
  { field: 'params', label: 'sms.params', table: false, span: 24 },
  { field: 'createTime', label: 'sms.sentAt', width: 170 },
];

/**
 * SMS configurations (sms): one enabled per tenant, a "send test message" row action, and for the platform
 * tenant the outbox of the built-in provider (what it "sent", codes included, to test phone-code flows).
 */
export default function SmsPage() {
  const { t } = useTranslation();
  const platform = useSession((state) => state.tenantId) === PLATFORM_TENANT_ID;
  const [testing, setTesting] = useState<Sms>();

  const rowActions = useMemo(
    () => (record: Sms, actions: CrudActions<Sms>) => (
      <>
        {actions.can('sms_enable') && <EnableButton kind="sms" record={record} refresh={actions.refresh} />}
        {actions.can('sms_edit') && (
          <Button type="link" size="small" data-testid="row-send-test" onClick={() => setTesting(record)}>
            {t('sms.sendTest')}
          </Button>
        )}
      </>
    ),
    [t],
  );

  const configs = (
    <CrudPage<Sms>
      code="sms"
      title="sms.title"
      columns={columns}
      api={api}
      actionWidth={320}
      rowActions={rowActions}
    />
  );
  return (
    <>
      {platform ? (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'configs', label: t('sms.configs'), children: configs },
            {
              key: 'outbox',
              label: <span data-testid="sms-outbox-tab">{t('sms.outbox')}</span>,
              children: (
                <CrudPage<OutboxRow>
                  code="sms_outbox"
                  testId="sms-outbox"
                  title="sms.outboxTitle"
                  columns={outboxColumns}
                  api={outboxApi}
                  permissions={{ add: false, edit: false, delete: false, view: 'sms_view' }}
                  actionWidth={90}
                />
              ),
            },
          ]}
        />
      ) : (
        configs
      )}
      {testing && <SendTestDialog config={testing} onClose={() => setTesting(undefined)} />}
    </>
  );
}
