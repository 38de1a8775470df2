import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Col, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getTopMenus } from '../../api/auth';
import { MenuIcon } from '../../navigation/icons';
import { chooseTopMenu } from '../../store/session-flow';
import { formatLongDate } from '../../components/time';
import { useSession } from '../../store/session';
import { suspendUntilStrings } from '../../i18n/strings';
import { TaskHomeCard, taskManagerPath } from '../task/TaskHomeCard';
import '../task/locale';
import '../route/route/locale';

/** /home: who is signed in, and the way into each area (kept alive). */
export default function HomePage() {
  suspendUntilStrings(); // routed by the shell itself: it waits here for the task card's strings
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((state) => state.userInfo);
  const permission = useSession((state) => state.permission);
  const menu = useSession((state) => state.menu);
  const language = useSession((state) => state.language);
  const tops = useQuery({ queryKey: ['top-menus', language], queryFn: getTopMenus, staleTime: 5 * 60_000 });
  const today = formatLongDate(Date.now(), language);

  const open = async (id: string) => {
    const first = await chooseTopMenu(id);
    if (first) navigate(first);
  };

  return (
    <div data-testid="home">
      <div className="home-hero">
        <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <div>
          <h2>{t('home.greeting', { name: user?.realName || user?.name || user?.account })}</h2>
          <p>{t('home.today', { date: today })}</p>
        </div>
      </div>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('home.tenant')}
              value={user?.tenantName ?? ''}
              suffix={<Tag>{user?.tenantId}</Tag>}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('home.roles')} value={user?.roles.join(', ') || '-'} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('home.permissions')} value={Object.keys(permission).length} />
          </Card>
        </Col>
      </Row>
      {taskManagerPath(menu) && (
        <div style={{ marginTop: 16 }}>
          <TaskHomeCard />
        </div>
      )}
      <Card title={t('home.entries')} style={{ marginTop: 16 }}>
        <Row gutter={[16, 16]}>
          {(tops.data ?? []).map((top) => (
            <Col xs={24} sm={12} lg={6} key={top.id}>
              <Card hoverable size="small" onClick={() => void open(top.id)}>
                <div className="home-entry">
                  <span className="home-entry__icon">
                    <MenuIcon name={top.source} />
                  </span>
                  <strong>{top.name}</strong>
                </div>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
    </div>
  );
}
