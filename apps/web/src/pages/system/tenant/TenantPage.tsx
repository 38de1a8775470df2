import { PLATFORM_TENANT_ID, type Tenant, type TenantSaved, TenantSubmit } from '@aos/contract';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudApi } from '../../../api/crud';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { tenantCrud } from './api';
import { CreatedDialog, DatasourceDialog, SettingDialog } from './TenantDialogs';
import './locale';

type Open =
  | { kind: 'setting'; tenants: Tenant[]; refresh: () => void }
  | { kind: 'datasource'; tenant: Tenant; refresh: () => void }
  | { kind: 'created'; saved: TenantSaved };

/**
 * Tenants (platform tenant only): the table, the add/edit dialog (adding provisions the tenant and tells the
 * administrator account once), and the settings (account limit, expiry) and datasource actions.
 */
export default function TenantPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState<Open>();

  const api = useMemo<CrudApi<Tenant>>(
    () => ({
      ...tenantCrud,
      submit: async (values) => {
        const saved = await tenantCrud.submit(values);
        if (!values.id && saved.adminAccount) setOpen({ kind: 'created', saved });
        return saved;
      },
    }),
    [],
  );

  const columns = useMemo<CrudColumn<Tenant>[]>(
    () => [
      {
        field: 'tenantId',
        label: 'tenant.tenantId',
        schema: TenantSubmit.shape.tenantId,
        tooltip: 'tenant.tenantIdHint',
        editDisabled: true,
        search: true,
        width: 110,
      },
      {
        field: 'tenantName',
        label: 'tenant.tenantName',
        schema: TenantSubmit.shape.tenantName,
        required: true,
        search: true,
        width: 200,
      },
      {
        field: 'linkman',
        label: 'tenant.linkman',
        schema: TenantSubmit.shape.linkman,
        search: true,
        width: 110,
      },
      {
        field: 'contactNumber',
        label: 'tenant.contactNumber',
        schema: TenantSubmit.shape.contactNumber,
        search: true,
        width: 140,
      },
      {
        field: 'domain',
        label: 'tenant.domain',
        schema: TenantSubmit.shape.domain,
        ellipsis: true,
        width: 180,
      },
      {
        field: 'accountNumber',
        label: 'tenant.accountNumber',
        type: 'number',
        schema: TenantSubmit.shape.accountNumber,
        tooltip: 'tenant.accountNumberHint',
        initialValue: -1,
        required: true,
        width: 100,
        render: (value) => (value === -1 ? t('tenant.unlimited') : String(value ?? '')),
      },
      {
        field: 'expireTime',
        label: 'tenant.expireTime',
        type: 'datetime',
        schema: TenantSubmit.shape.expireTime,
        width: 170,
        render: (value) => (value ? String(value) : t('tenant.never')),
      },
      {
        field: 'backgroundUrl',
        label: 'tenant.backgroundUrl',
        schema: TenantSubmit.shape.backgroundUrl,
        table: false,
      },
      {
        field: 'address',
        label: 'tenant.address',
        schema: TenantSubmit.shape.address,
        table: false,
        span: 24,
      },
      {
        field: 'datasourceId',
        label: 'tenant.datasourceId',
        form: false,
        table: false,
        render: (value) => (value ? String(value) : t('tenant.mainDatabase')),
      },
      {
        field: 'licenseKey',
        label: 'tenant.licenseKey',
        type: 'textarea',
        schema: TenantSubmit.shape.licenseKey,
        table: false,
      },
      { field: 'createTime', label: 'crud.createTime', form: false, table: false },
    ],
    [t],
  );

  const close = (saved: boolean) => {
    if (saved && open && 'refresh' in open) open.refresh();
    setOpen(undefined);
  };

  return (
    <>
      <CrudPage<Tenant>
        code="tenant"
        title="tenant.title"
        columns={columns}
        api={api}
        actionWidth={280}
        rowDeletable={(record) => record.tenantId !== PLATFORM_TENANT_ID}
        toolbar={(actions) =>
          actions.can('tenant_setting') ? (
            <Button
              data-testid="tenant-setting"
              onClick={() => {
                if (actions.selected.length === 0) message.warning(t('crud.selectOne'));
                else setOpen({ kind: 'setting', tenants: actions.selected, refresh: actions.refresh });
              }}
            >
              {t('tenant.setting')}
            </Button>
          ) : null
        }
        rowActions={(record, actions) => (
          <>
            {actions.can('tenant_setting') && (
              <Button
                type="link"
                size="small"
                data-testid="row-setting"
                onClick={() => setOpen({ kind: 'setting', tenants: [record], refresh: actions.refresh })}
              >
                {t('tenant.setting')}
              </Button>
            )}
            {actions.can('tenant_datasource') && (
              <Button
                type="link"
                size="small"
                data-testid="row-datasource"
                onClick={() => setOpen({ kind: 'datasource', tenant: record, refresh: actions.refresh })}
              >
                {t('tenant.datasource')}
              </Button>
            )}
          </>
        )}
      />
      {open?.kind === 'setting' && <SettingDialog tenants={open.tenants} onClose={close} />}
      {open?.kind === 'datasource' && <DatasourceDialog tenant={open.tenant} onClose={close} />}
      {open?.kind === 'created' && <CreatedDialog saved={open.saved} onClose={() => setOpen(undefined)} />}
    </>
  );
}
