import { ArrowLeftOutlined, ControlOutlined } from '@ant-design/icons';
import { Badge, Button, Select, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveStore } from '../../../live/store';

/** The strip at the top of the screen: back, title, the dock picker and the live connection. */
export function Header(props: {
  docks: { value: string; label: string }[];
  sn: string | null;
  loadingDocks?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useLiveStore((state) => state.status);
  const back = () => {
    // Opened from a menu or link: go back there; opened directly: home.
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/home');
  };
  return (
    <header className="remote-control__header">
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} data-testid="remote-back">
        {t('remote.back')}
      </Button>
      <Typography.Text strong className="remote-control__title">
        <ControlOutlined /> {t('remote.title')}
      </Typography.Text>
      <Select
        className="remote-control__picker"
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('remote.pickDock')}
        value={props.sn ?? undefined}
        loading={props.loadingDocks}
        options={props.docks}
        onChange={(sn: string) => void navigate(`/remote-control?sn=${encodeURIComponent(sn)}`)}
        data-testid="remote-dock-picker"
      />
      {props.extra}
      <span className="remote-control__spacer" />
      <Tag bordered={false} data-testid="live-status" data-status={status}>
        <Badge status={status === 'open' ? 'success' : status === 'connecting' ? 'processing' : 'error'} />{' '}
        {t(`remote.connection.${status}`)}
      </Tag>
    </header>
  );
}
