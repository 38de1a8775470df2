import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStore, setStore } from '../../store/storage';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

const TAB_KEY = 'userCenterActiveTab';

/** /personal-center: personal info and change password (spec §2, §3 User profile, Password change). */
export default function PersonalCenter() {
  const { t } = useTranslation();
  const [active, setActive] = useState(getStore<string>({ name: TAB_KEY }) ?? 'info');
  return (
    <Card className="personal-center" data-testid="personal-center">
      <Tabs
        activeKey={active}
        onChange={(key) => {
          setActive(key);
          setStore({ name: TAB_KEY, content: key, type: 'session' });
        }}
        items={[
          { key: 'info', label: t('personal.info'), children: <ProfileForm /> },
          { key: 'password', label: t('personal.password'), children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
