import { isStrongPassword } from '@aos/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../store/session-flow';
import { updatePassword } from './api';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/**
 * Change password: spec §5 rule (6 to 16 with upper, lower case and digits) and confirmation. Every session
 * ends on the server: by default the user signs in again; `onChanged` may go on instead (with the new password).
 */
export function PasswordForm({
  onChanged,
  block = false,
}: {
  onChanged?: (newPassword: string) => Promise<void>;
  /** a full-width submit button (the forced change screen) */
  block?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: (values: PasswordValues) =>
      updatePassword(values.oldPassword, values.newPassword, values.newPassword1),
    onSuccess: async (_, values) => {
      if (onChanged) return onChanged(values.newPassword);
      message.success(t('personal.passwordChanged'));
      await signOut();
    },
  });

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={(values) => change.mutate(values)}
    >
      <Form.Item
        name="oldPassword"
        label={t('personal.oldPassword')}
        rules={[{ required: true, message: t('personal.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('personal.newPassword')}
        extra={t('personal.passwordHint')}
        rules={[
          { required: true, message: t('personal.newPasswordRequired') },
          {
            validator: async (_, value: string) => {
              if (value && !isStrongPassword(value)) throw new Error(t('validation.passwordRule'));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('personal.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('personal.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              if (value && value !== getFieldValue('newPassword'))
                throw new Error(t('validation.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block={block}
        loading={change.isPending}
        data-testid="password-save"
      >
        {t('common.submit')}
      </Button>
    </Form>
  );
}
