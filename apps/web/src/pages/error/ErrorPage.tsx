import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../store/session';

/** /403, /404, /500 with the spec's messages (§8) and a way home; /404 sends strangers to /login in 1 s. */
export default function ErrorPage({ code }: { code: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((state) => Boolean(state.token));
  useEffect(() => {
    if (code !== 404 || signedIn) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), 1000);
    return () => clearTimeout(timer);
  }, [code, signedIn, navigate]);
  return (
    <div className="error-page" data-testid={`error-${code}`}>
      <Result
        status={String(code) as '403' | '404' | '500'}
        title={code}
        subTitle={t(`error.${code}`)}
        extra={
          <>
            {!signedIn && code === 404 && (
              <div style={{ marginBottom: 12, color: '#8a94a6' }}>{t('error.toLogin')}</div>
            )}
            <Button type="primary" onClick={() => navigate(signedIn ? '/home' : '/login')}>
              {t('common.home')}
            </Button>
          </>
        }
      />
    </div>
  );
}
