import { NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { list as listNotices } from '../../api/desk/notice';
import { MenuIcon } from '../../app/menu/icons';
import { useLabelText } from '../../app/menu/labels';
import { useMenu } from '../../app/menu/menu-queries';
import { leavesOf } from '../../app/menu/routes';
import { displayName, useSession } from '../../app/session/session-store';
import { useOpenMenuItem } from '../../app/layout/Sidebar';
import { INFO_PATH } from '../../app/layout/UserMenu';
import { useLanguage } from '../../i18n';
import { formatLongDate } from '../../i18n/long-date';
import { Dashboard } from './Dashboard';
import './home.css';

/** How many of the user's menu pages the shortcuts offer. */
const SHORTCUTS = 8;

/**
 * The pages whose records the dashboard sums up: the server answers its figures only to a holder of
 * one of them (security S16), so the home page shows it only to them.
 */
const DASHBOARD_MENUS: ReadonlySet<string> = new Set(['machine', 'slot', 'refund', 'apk', 'hospital']);
/** How many of the newest notices the page lists. */
const NOTICES = 5;
/** Under the notice page's list key: its saves and deletes mark this list out of date too. */
const LATEST_NOTICES_KEY = ['notice', 'list', 'latest'] as const;

/** The newest notices by release time: titles and days. */
function LatestNotices() {
  const { t } = useTranslation();
  const notices = useQuery({
    queryKey: LATEST_NOTICES_KEY,
    queryFn: () => listNotices(1, NOTICES, { descs: 'releaseTime' }),
    staleTime: 60_000,
  });
  if (notices.isPending)
    return (
      <div role="status" aria-label={t('business.dashboard.notices.loading')}>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  if (notices.isError)
    return (
      <Flex vertical align="flex-start" gap={8}>
        <Typography.Text type="secondary">{t('business.dashboard.notices.failed')}</Typography.Text>
        <Button size="small" onClick={() => void notices.refetch()}>
          {t('business.dashboard.notices.retry')}
        </Button>
      </Flex>
    );
  const records = notices.data.records.slice(0, NOTICES);
  if (records.length === 0)
    return <Typography.Text type="secondary">{t('business.dashboard.notices.empty')}</Typography.Text>;
  return (
    // A plain list: antd's List brings its pager, and with it the select, for five lines.
    <ul className="home-notices">
      {records.map((notice) => (
        <li key={notice.id}>
          <NotificationOutlined aria-hidden />
          <span className="home-notice-title">{notice.title}</span>
          <Typography.Text type="secondary">
            {(notice.releaseTime ?? notice.createTime ?? '').slice(0, 10)}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page, the fixed first tab: a greeting, the business dashboard (live figures of the
 * user's fleet), shortcuts to the user's own pages and the latest notices.
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
  const pages = leavesOf(items);
  const shortcuts = pages.slice(0, SHORTCUTS);
  const showsDashboard = pages.some((page) => DASHBOARD_MENUS.has(page.code));

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
        </Flex>
      </Card>
      {showsDashboard && <Dashboard />}
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
            <LatestNotices />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
