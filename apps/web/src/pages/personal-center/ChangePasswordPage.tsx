import { App, Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginByUsername } from '../../api/auth';
import { runtimeConfig } from '../../store/runtime-config';
import { useSession } from '../../store/session';
import { completeSignIn, signOut } from '../../store/session-flow';
import { PasswordForm } from './PasswordForm';

/**
 * /change-password: the only screen of a user who signed in with the init password (a new tenant's admin, a
 * reset). The change ends every session on the server; the console signs in again with the new password and
 * goes home (in captcha mode a new code is needed: back to the sign-in page).
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();

  const continueWith = async (newPassword: string) => {
    const { tenantId, rememberTenant, userInfo } = useSession.getState();
    if (runtimeConfig.captchaMode || !userInfo) {
      message.success(t('personal.passwordChanged'));
      return signOut();
    }
    message.success(t('personal.passwordChangedContinue'));
    try {
      const tokens = await loginByUsername(
        { tenantId, username: userInfo.account, password: newPassword },
        false,
      );
      await completeSignIn(tokens, tenantId, rememberTenant);
      navigate('/home', { replace: true });
    } catch {
      await signOut();
    }
  };

  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      data-testid="change-password-page"
    >
      <Card style={{ width: 480 }} title={t('personal.changeRequiredTitle')}>
        <Typography.Paragraph type="secondary">{t('personal.changeRequiredHint')}</Typography.Paragraph>
        <PasswordForm onChanged={continueWith} />
        <Button type="link" style={{ paddingInline: 0, marginTop: 8 }} onClick={() => void signOut()}>
          {t('layout.logout')}
        </Button>
      </Card>
    </div>
  );
}
