import { NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../app/menu/icons';
import { useLabelText } from '../../app/menu/labels';
import { useMenu } from '../../app/menu/menu-queries';
import { leavesOf } from '../../app/menu/routes';
import { displayName, useSession } from '../../app/session/session-store';
import { useOpenMenuItem } from '../../app/layout/Sidebar';
import { INFO_PATH } from '../../app/layout/UserMenu';
import { useLanguage } from '../../i18n';
import { formatLongDate } from '../../i18n/long-date';
import './home.css';

/** Demo figures (spec §1: the dashboard's texts are demo content). */
const DEMO_STATS = [
  { key: 'machines', value: 128 },
  { key: 'online', value: 117 },
  { key: 'orders', value: 342 },
  { key: 'refunds', value: 5 },
] as const;

const DEMO_NOTICES = ['first', 'second', 'third'] as const;

/** How many of the user's menu pages the shortcuts offer. */
const SHORTCUTS = 8;

/**
 * The home page, the fixed first tab: a greeting, demo figures and notices (spec §1), and shortcuts
 * to the user's own pages.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const user = useSession((state) => state.userInfo);
  const { items } = useMenu();
  const labelText = useLabelText();
  const openItem = useOpenMenuItem();
  const today = formatLongDate(new Date(), language);
  const shortcuts = leavesOf(items).slice(0, SHORTCUTS);

  return (
    <Flex vertical gap={12}>
      <Card>
        <Flex align="center" gap={16} wrap>
          <Avatar size={56} src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
          <div style={{ flex: 1, minWidth: 200 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('home.greeting', { name: displayName(user) })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('shell.home.welcome', { date: today })}</Typography.Text>
          </div>
          <Tag>{t('shell.home.demo')}</Tag>
        </Flex>
      </Card>
      <Row gutter={[12, 12]}>
        {DEMO_STATS.map((stat) => (
          <Col key={stat.key} xs={12} lg={6}>
            <Card>
              <Statistic title={t(`shell.home.stats.${stat.key}`)} value={stat.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card title={t('shell.home.shortcuts')}>
            <Flex wrap gap={8}>
              <Button icon={<UserOutlined />} onClick={() => void navigate(INFO_PATH)}>
                {t('shell.user.info')}
              </Button>
              {shortcuts.map((item) => (
                <Button key={item.id} icon={<MenuIcon name={item.icon} />} onClick={() => openItem(item)}>
                  {labelText(item.name, item.i18n)}
                </Button>
              ))}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('shell.home.noticesTitle')}>
            {/* A plain list: antd's List brings its pager, and with it the select, for three lines. */}
            <ul className="home-notices">
              {DEMO_NOTICES.map((notice) => (
                <li key={notice}>
                  <NotificationOutlined aria-hidden /> {t(`shell.home.demoNotices.${notice}`)}
                </li>
              ))}
            </ul>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
