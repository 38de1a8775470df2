import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { Language } from '@aos/contract';
import { DEFAULT_TENANT_ID, PASSWORD_MIN } from '@aos/contract/rules';
import { Button, Checkbox, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getCaptcha, loginByUsername } from '../../api/auth';
import { runtimeConfig } from '../../store/runtime-config';
import { completeSignIn } from '../../store/session-flow';
import { useSession } from '../../store/session';
import { DroneArt } from './DroneArt';
import { LanguageSwitch } from './LanguageSwitch';

interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
  remember: boolean;
}

/** /login (spec §1, §3 Login payload, §8 Login). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>();
  const [busy, setBusy] = useState(false);
  const session = useSession.getState();

  const refreshCaptcha = useCallback(async () => {
    if (!runtimeConfig.captchaMode) return;
    form.setFieldValue('code', '');
    setCaptcha(await getCaptcha().catch(() => undefined));
  }, [form]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    const tenantId = runtimeConfig.tenantMode ? values.tenantId.trim() : DEFAULT_TENANT_ID;
    try {
      const tokens = await loginByUsername(
        {
          tenantId,
          username: values.username.trim(),
          password: values.password,
          captchaKey: captcha?.key,
          captchaCode: values.code,
        },
        runtimeConfig.captchaMode,
      );
      await completeSignIn(tokens, tenantId, values.remember);
      const redirect = params.get('redirect');
      navigate(redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home', {
        replace: true,
      });
    } catch {
      // the HTTP layer showed error_description; a used captcha cannot be tried again
      void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  const switchLanguage = (language: Language) => {
    session.setLanguage(language);
    window.location.reload();
  };

  return (
    <div className="login">
      <section className="login__hero">
        <div className="login__brand">
          <img src={runtimeConfig.logo} alt="" />
          <span>{runtimeConfig.title}</span>
        </div>
        <h1>{runtimeConfig.title}</h1>
        <p>{t('login.subtitle')}</p>
        <DroneArt className="login__hero-art" />
      </section>
      <section className="login__panel" style={{ position: 'relative' }}>
        <LanguageSwitch language={session.language} onChoose={switchLanguage} />
        <div className="login__card">
          <h2>{t('login.title')}</h2>
          <div className="login__sub">{t('login.footer')}</div>
          <Form<LoginForm>
            form={form}
            size="large"
            onFinish={submit}
            initialValues={{
              tenantId: session.tenantId || DEFAULT_TENANT_ID,
              remember: session.rememberTenant,
            }}
          >
            {runtimeConfig.tenantMode && (
              <Form.Item
                name="tenantId"
                rules={[{ required: true, whitespace: true, message: t('login.tenantIdRequired') }]}
              >
                <Input
                  prefix={<TeamOutlined />}
                  placeholder={t('login.tenantId')}
                  autoComplete="organization"
                />
              </Form.Item>
            )}
            <Form.Item
              name="username"
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" />
            </Form.Item>
            <Form.Item
              name="password"
              rules={[
                { required: true, message: t('login.passwordRequired') },
                { min: PASSWORD_MIN, message: t('login.passwordMin') },
              ]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('login.password')}
                autoComplete="current-password"
              />
            </Form.Item>
            {runtimeConfig.captchaMode && (
              <Form.Item>
                <div className="login__captcha">
                  <Form.Item
                    name="code"
                    noStyle
                    rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
                  >
                    <Input
                      prefix={<SafetyOutlined />}
                      placeholder={t('login.captcha')}
                      maxLength={5}
                      autoComplete="off"
                    />
                  </Form.Item>
                  <img
                    src={captcha?.image}
                    alt={t('login.captchaRefresh')}
                    title={t('login.captchaRefresh')}
                    data-testid="captcha-image"
                    onClick={() => void refreshCaptcha()}
                  />
                </div>
              </Form.Item>
            )}
            {runtimeConfig.tenantMode && (
              <Form.Item name="remember" valuePropName="checked">
                <Checkbox>{t('login.rememberTenant')}</Checkbox>
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
              {busy ? t('login.signingIn') : t('login.submit')}
            </Button>
          </Form>
          <div className="login__footer">
            © {new Date().getFullYear()} {runtimeConfig.title}
          </div>
        </div>
      </section>
    </div>
  );
}
