import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../store/session-flow';
import { formatLongDate, formatTime } from '../../components/time';
import { useSession } from '../../store/session';

/** /lock: nothing else is reachable until the lock password is entered (spec §4 Lock). */
export default function LockPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((state) => state.userInfo);
  const language = useSession((state) => state.language);
  const [password, setPassword] = useState('');
  const [now, setNow] = useState(new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);

  const unlock = () => {
    if (!password) return void message.warning(t('lock.passwordRequired'));
    if (password !== useSession.getState().lockPasswd) return void message.error(t('lock.wrongPassword'));
    useSession.getState().unlock();
    navigate('/', { replace: true });
  };

  return (
    <div className="lock" data-testid="lock-page">
      <div className="lock__card">
        <div className="lock__time">{formatTime(now).slice(0, 5)}</div>
        <div className="lock__date">{formatLongDate(now, language)}</div>
        <Avatar size={72} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <div style={{ marginBottom: 16, fontSize: 16 }}>{user?.realName || user?.account}</div>
        <Space.Compact style={{ width: '100%' }}>
          <Input.Password
            size="large"
            prefix={<LockOutlined />}
            placeholder={t('lock.unlockHint')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onPressEnter={unlock}
            data-testid="unlock-password"
            autoFocus
          />
          <Button size="large" type="primary" icon={<UnlockOutlined />} onClick={unlock} data-testid="unlock">
            {t('lock.unlock')}
          </Button>
        </Space.Compact>
        <Button
          type="link"
          style={{ marginTop: 16, color: 'rgba(255,255,255,.75)' }}
          onClick={() => void signOut()}
        >
          {t('lock.logoutInstead')}
        </Button>
      </div>
    </div>
  );
}
