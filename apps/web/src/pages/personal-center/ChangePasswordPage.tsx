import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { Language } from '@aos/contract';
import { Alert, App, Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginByUsername } from '../../api/auth';
import { runtimeConfig } from '../../store/runtime-config';
import { useSession } from '../../store/session';
import { completeSignIn, signOut } from '../../store/session-flow';
import { LanguageSwitch } from '../login/LanguageSwitch';
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
  const language = useSession((state) => state.language);
  const userInfo = useSession((state) => state.userInfo);
  const switchLanguage = (next: Language) => {
    useSession.getState().setLanguage(next);
    window.location.reload();
  };

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
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 24,
        padding: 24,
        position: 'relative',
      }}
      data-testid="change-password-page"
    >
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch language={language} onChoose={switchLanguage} />
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        {runtimeConfig.logo && <img src={runtimeConfig.logo} alt="" style={{ height: 36 }} />}
        <Typography.Title level={3} style={{ margin: 0 }}>
          {runtimeConfig.title}
        </Typography.Title>
      </div>
      <Card
        style={{ width: '100%', maxWidth: 460 }}
        title={
          <span>
            <SafetyCertificateOutlined style={{ marginInlineEnd: 8, color: '#1677ff' }} />
            {t('personal.changeRequiredTitle')}
          </span>
        }
      >
        {userInfo && (
          <Typography.Paragraph data-testid="change-password-who">
            {t('personal.signedInAs', { account: userInfo.account, tenant: userInfo.tenantName })}
          </Typography.Paragraph>
        )}
        <Alert
          type="warning"
          showIcon
          title={t('personal.changeRequiredHint')}
          style={{ marginBottom: 20 }}
        />
        <PasswordForm onChanged={continueWith} block />
        <Button type="link" block style={{ marginTop: 8 }} onClick={() => void signOut()}>
          {t('layout.logout')}
        </Button>
      </Card>
    </div>
  );
}
