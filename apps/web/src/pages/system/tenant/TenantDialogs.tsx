import { type Tenant, TenantDatasourceQuery, type TenantSaved, TenantSettingQuery } from '@aos/contract';
import {
  Alert,
  type ButtonProps,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { schemaProblem } from '../../../components/crud/validation';
import { useAction } from '../../../components/useAction';
import { useSession } from '../../../store/session';
import { saveDatasource, saveSetting } from './api';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** Both dialogs save the same way: "updated", or "save failed" when the server said nothing. */
function useSave(onClose: (saved: boolean) => void) {
  const { t } = useTranslation();
  return useAction({
    success: t('common.updated'),
    failure: t('common.saveFailed'),
    onDone: () => onClose(true),
  });
}

/** Account limit and expiry of one or more tenants (`tenant/setting`, button tenant_setting). */
export function SettingDialog({
  tenants,
  onClose,
}: {
  tenants: Tenant[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [form] = Form.useForm();
  const { busy: saving, run } = useSave(onClose);
  const single = tenants.length === 1 ? tenants[0] : undefined;
  const label = t('tenant.accountNumber');
  return (
    <Modal
      open
      width={560}
      maskClosable={false}
      title={t('tenant.settingTitle', { count: tenants.length })}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'tenant-setting-submit' } as ButtonProps}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const values = (await form.validateFields()) as { accountNumber: number; expireTime?: Dayjs | null };
        await run(() =>
          saveSetting(
            tenants.map((row) => row.id),
            values.accountNumber,
            values.expireTime ? values.expireTime.format(TIME) : undefined,
          ),
        );
      }}
    >
      <Alert type="info" showIcon title={t('tenant.settingHint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        data-testid="tenant-setting-form"
        initialValues={{
          accountNumber: single?.accountNumber ?? -1,
          expireTime: single?.expireTime ? dayjs(single.expireTime, TIME) : undefined,
        }}
      >
        <Form.Item
          name="accountNumber"
          label={label}
          tooltip={t('tenant.accountNumberHint')}
          required
          rules={[
            {
              validator: async (_: unknown, value: unknown) => {
                const problem = schemaProblem(TenantSettingQuery.shape.accountNumber, value, language, label);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} data-testid="field-accountNumber" />
        </Form.Item>
        <Form.Item name="expireTime" label={t('tenant.expireTime')}>
          <DatePicker showTime style={{ width: '100%' }} data-testid="field-expireTime" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The datasource of one tenant (`tenant/datasource`, button tenant_datasource). */
export function DatasourceDialog({ tenant, onClose }: { tenant: Tenant; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [form] = Form.useForm();
  const { busy: saving, run } = useSave(onClose);
  const label = t('tenant.datasourceId');
  return (
    <Modal
      open
      width={560}
      maskClosable={false}
      title={t('tenant.datasourceTitle', { name: tenant.tenantName })}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'tenant-datasource-submit' } as ButtonProps}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const values = (await form.validateFields()) as { datasourceId?: string };
        await run(() => saveDatasource(tenant.tenantId, values.datasourceId?.trim() || undefined));
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ datasourceId: tenant.datasourceId ?? '' }}>
        <Form.Item
          name="datasourceId"
          label={label}
          extra={t('tenant.datasourceHint')}
          rules={[
            {
              validator: async (_: unknown, value: unknown) => {
                const problem = schemaProblem(
                  TenantDatasourceQuery.shape.datasourceId,
                  value,
                  language,
                  label,
                );
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input allowClear placeholder={t('tenant.mainDatabase')} data-testid="field-datasourceId" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Told once after creating a tenant: its administrator account and initial password. */
export function CreatedDialog({ saved, onClose }: { saved: TenantSaved; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={520}
      maskClosable={false}
      title={t('tenant.createdTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('tenant.gotIt')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <div data-testid="tenant-created">
        <Typography.Paragraph>
          {t('tenant.createdIntro', { name: saved.tenantName, tenantId: saved.tenantId })}
        </Typography.Paragraph>
        <Descriptions bordered column={1} size="small">
          <Descriptions.Item label={t('tenant.tenantId')}>
            <Typography.Text copyable>{saved.tenantId}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('tenant.adminAccount')}>
            <Typography.Text copyable>{saved.adminAccount}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('tenant.adminPassword')}>
            <Typography.Text copyable code data-testid="tenant-created-password">
              {saved.adminPassword}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('tenant.createdHint')}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
