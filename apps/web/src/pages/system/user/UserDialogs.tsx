import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { USER_IMPORT_EXTENSIONS, USER_IMPORT_MAX_BYTES, type UserImportResult } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  TreeSelect,
  Upload,
} from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDictionary } from '../../../api/crud';
import { useAction } from '../../../components/useAction';
import { download, grantRoles, importUsers, platformDetail, roleOptions, updatePlatform } from './api';

/** A dialog's common props: open for these users, closed with `onClose(changed)`. */
interface DialogProps {
  userIds: string[];
  onClose: (changed: boolean) => void;
}

/** `grant`: the chosen roles replace the roles of each user (spec §6 "Users are granted roles"). */
export function RolesDialog({ userIds, onClose, current }: DialogProps & { current: string[] }) {
  const { t } = useTranslation();
  const { busy: saving, run } = useAction({ success: t('user.rolesDone'), onDone: () => onClose(true) });
  const [roles, setRoles] = useState<string[]>(current);
  const tree = useQuery({ queryKey: ['user-role-tree'], queryFn: roleOptions, staleTime: 30_000 });
  return (
    <Modal
      open
      title={t('user.assignRoles')}
      width={520}
      maskClosable={false}
      okButtonProps={{ disabled: roles.length === 0, 'data-testid': 'user-roles-submit' }}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      onOk={() => run(() => grantRoles(userIds, roles))}
    >
      <Form layout="vertical">
        <Form.Item label={t('user.roleId')} required>
          <TreeSelect
            multiple
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_ALL}
            treeCheckStrictly={false}
            treeDefaultExpandAll
            value={roles}
            onChange={(value) => setRoles(value as string[])}
            treeData={tree.data ?? []}
            placeholder={t('crud.requiredSelect', { field: t('user.roleId') })}
            data-testid="user-roles-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** `update-platform`: the platform a user works on, and its settings as a JSON object. */
export function PlatformDialog({ userIds, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { busy: saving, run } = useAction({ success: t('user.platformDone'), onDone: () => onClose(true) });
  const load = useAction();
  const [form] = Form.useForm<{ userType: string; userExt: string }>();
  const userId = userIds[0]!;
  const types = useQuery({
    queryKey: ['dictionary', 'system', 'user_type'],
    queryFn: () => getDictionary('user_type'),
  });
  const fill = useEffectEvent((id: string) => {
    void load.run(() => platformDetail(id), {
      onDone: (detail) => form.setFieldsValue({ userType: String(detail.userType), userExt: detail.userExt }),
    });
  });
  useEffect(() => fill(userId), [userId]);
  return (
    <Modal
      open
      title={t('user.platform')}
      width={560}
      maskClosable={false}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'user-platform-submit' }}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const values = await form.validateFields();
        await run(() => updatePlatform(userId, Number(values.userType), values.userExt?.trim() ?? ''));
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="userType" label={t('user.userType')} rules={[{ required: true }]}>
          <Select
            options={(types.data ?? []).map((item) => ({ value: item.dictKey, label: item.dictValue }))}
            data-testid="user-platform-type"
          />
        </Form.Item>
        <Form.Item
          name="userExt"
          label={t('user.userExt')}
          extra={t('user.userExtHint')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (value?.trim() && !isJsonObject(value.trim())) throw new Error(t('user.userExtInvalid'));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} data-testid="user-platform-ext" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const FIELD_LABELS: Record<string, string> = {
  roleName: 'user.roleName',
  deptName: 'user.deptName',
  postName: 'user.postName',
};

/**
 * Import from xls / xlsx (spec §5): template download, upload (type and size checked here and on the
 * server), then the outcome: rows added, updated and refused, each refused row with its problems, and the
 * same as a downloadable report.
 */
export function ImportDialog({ onClose }: { onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { busy, run } = useAction();
  const [covered, setCovered] = useState(false);
  const [result, setResult] = useState<UserImportResult>();
  const label = (field: string) => {
    const key = FIELD_LABELS[field] ?? `user.${field}`;
    return field ? t(key) : '';
  };

  return (
    <Modal
      open
      title={t('user.importTitle')}
      width={880}
      maskClosable={false}
      footer={
        <Button onClick={() => onClose(Boolean(result && result.saved + result.updated > 0))}>
          {t('user.close')}
        </Button>
      }
      onCancel={() => onClose(Boolean(result && result.saved + result.updated > 0))}
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="user-import">
        <Alert type="info" showIcon title={t('user.importStep')} />
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            data-testid="user-import-template"
            onClick={() =>
              download('/api/blade-user/export-template', {}, 'user-import-template.xlsx').catch(
                () => undefined,
              )
            }
          >
            {t('user.template')}
          </Button>
          <Checkbox
            checked={covered}
            onChange={(event) => setCovered(event.target.checked)}
            data-testid="user-import-covered"
          >
            {t('user.covered')}
          </Checkbox>
        </Space>
        <Upload.Dragger
          accept=".xls,.xlsx"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          data-testid="user-import-upload"
          beforeUpload={(file) => {
            const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
            if (!(USER_IMPORT_EXTENSIONS as readonly string[]).includes(extension)) {
              message.error(t('user.uploadType'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > USER_IMPORT_MAX_BYTES) {
              message.error(t('user.uploadSize'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) =>
            run(
              async () => {
                setResult(undefined);
                const outcome = await importUsers(file as File, covered);
                setResult(outcome);
                // rows refused: the outcome below says so, not a success toast
                if (outcome.failed === 0) message.success(t('user.importResult', outcome));
                return outcome;
              },
              { onDone: (outcome) => onSuccess?.(outcome), onError: (error) => onError?.(error as Error) },
            )
          }
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{busy ? t('user.importing') : t('user.upload')}</p>
        </Upload.Dragger>
        {result && (
          <Alert
            type={result.failed ? 'warning' : 'success'}
            showIcon
            data-testid="user-import-result"
            title={t('user.importResult', result)}
            action={
              result.reportKey ? (
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  data-testid="user-import-report"
                  onClick={() =>
                    download(
                      '/api/blade-user/import-report',
                      { key: result.reportKey },
                      'user-import-errors.xlsx',
                    ).catch(() => undefined)
                  }
                >
                  {t('user.errorReport')}
                </Button>
              ) : undefined
            }
          />
        )}
        {result && result.errors.length > 0 && (
          <Table
            size="small"
            bordered
            rowKey={(error) => `${error.row}-${error.field}-${error.message}`}
            data-testid="user-import-errors"
            dataSource={result.errors}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('user.errorRow'), width: 80 },
              { key: 'field', dataIndex: 'field', title: t('user.errorField'), width: 140, render: label },
              { key: 'message', dataIndex: 'message', title: t('user.errorMessage') },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
