import {
  DownOutlined,
  GlobalOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Language } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Dropdown, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getTopMenus } from '../../api/auth';
import { useSession } from '../../store/session';
import { MenuIcon } from '../../navigation/icons';
import { runtimeConfig } from '../../store/runtime-config';
import { chooseTopMenu, signOut } from '../../store/session-flow';

const LANGUAGES: Array<{ key: Language; label: string }> = [
  { key: 'zh-CN', label: '简体中文' },
  { key: 'en-US', label: 'English' },
];

/** Top bar: logo and title, the header top menus, language and user dropdowns (spec §1, §2). */
export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((state) => state.userInfo);
  const language = useSession((state) => state.language);
  const topMenuId = useSession((state) => state.topMenuId);
  const [locking, setLocking] = useState(false);
  const tops = useQuery({ queryKey: ['top-menus', language], queryFn: getTopMenus, staleTime: 5 * 60_000 });

  // The top menu narrows the side menu and opens its first screen; the screen open now stays routable.
  const openTopMenu = async (id: string | undefined) => {
    const first = await chooseTopMenu(id);
    if (first) navigate(first);
  };

  const switchLanguage = (next: Language) => {
    if (next === language) return;
    useSession.getState().setLanguage(next);
    window.location.reload();
  };

  const confirmLogout = () =>
    modal.confirm({
      title: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: signOut,
    });

  return (
    <div className="top-bar">
      <div className="top-bar__brand" onClick={() => navigate('/home')}>
        <img src={runtimeConfig.logo} alt="" />
        {!collapsed && <span>{runtimeConfig.title}</span>}
      </div>
      <Button
        type="text"
        className="top-bar__toggle"
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      <nav className="top-bar__menus">
        {(tops.data ?? []).map((top) => (
          <button
            key={top.id}
            type="button"
            className={`top-bar__menu${top.id === topMenuId ? ' is-active' : ''}`}
            data-path={top.path}
            onClick={() => void openTopMenu(top.id === topMenuId ? undefined : top.id)}
          >
            <MenuIcon name={top.source} />
            <span>{top.name}</span>
          </button>
        ))}
      </nav>
      <Space size={4} className="top-bar__actions">
        <Dropdown
          menu={{
            selectedKeys: [language],
            items: LANGUAGES.map((item) => ({ key: item.key, label: item.label })),
            onClick: ({ key }) => switchLanguage(key as Language),
          }}
        >
          <Button
            type="text"
            icon={<GlobalOutlined />}
            aria-label={t('layout.language')}
            data-testid="language"
          >
            {LANGUAGES.find((item) => item.key === language)?.label}
          </Button>
        </Dropdown>
        <Dropdown
          menu={{
            items: [
              { key: 'personal', icon: <UserOutlined />, label: t('layout.personalCenter') },
              { key: 'lock', icon: <LockOutlined />, label: t('layout.lockScreen') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'personal') navigate('/personal-center');
              if (key === 'lock') setLocking(true);
              if (key === 'logout') confirmLogout();
            },
          }}
        >
          <Button type="text" className="top-bar__user" data-testid="user-menu">
            <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} />
            <span>{user?.realName || user?.name || user?.account}</span>
            <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
      <LockDialog open={locking} onClose={() => setLocking(false)} />
    </div>
  );
}

function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal
      open={open}
      title={t('lock.setPassword')}
      okText={t('lock.lock')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const { password } = await form.validateFields();
        useSession.getState().lock(password);
        onClose();
        navigate('/lock');
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('lock.title')}
          rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus prefix={<LockOutlined />} data-testid="lock-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
