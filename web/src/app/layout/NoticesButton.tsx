import { BellOutlined } from '@ant-design/icons';
import { MESSAGE_TABS, type Message, type MessageKind, type MessageUnreadCount } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Flex, Popover, Spin, Tabs, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { list, MESSAGE_QUERY_KEY } from '../../api/desk/message';
import { MessageDialog } from '../../components/message/MessageDialog';
import {
  MESSAGE_CENTER_PATH,
  routeOf,
  useMessageActions,
  useUnreadCount,
} from '../../components/message/messages';
import '../../i18n/console-texts';

/** Width of the notification popover and height of its list area (spec §9). */
const POPOVER_WIDTH = 350;
const LIST_HEIGHT = 300;
/** How many of the newest messages a tab lists; the message center has them all. */
export const LATEST_MESSAGES = 10;
/** The bell's badge counts up to here and shows "99+" above (as the log badge does, spec §9). */
export const BADGE_CAP = 99;

type TabKey = keyof typeof MESSAGE_TABS;
/** The tabs in the order the spec names them: 邮件, 消息, 通知. */
const TABS: readonly TabKey[] = ['mail', 'message', 'notice'];
const EMPTY_TEXT = {
  mail: 'shell.notices.emptyMail',
  message: 'shell.notices.emptyMessage',
  notice: 'shell.notices.emptyNotice',
} as const;

/** The unread messages of a tab's kinds. */
const unreadOf = (counts: MessageUnreadCount | undefined, tab: TabKey) =>
  MESSAGE_TABS[tab].reduce((sum, kind) => sum + (counts?.[kind] ?? 0), 0);

/** Newest first: ids grow with time, and the server lists by id (longer ids are larger). */
/** The newest messages of a tab's kinds, in one call (`kinds`). */
async function latestOf(kinds: readonly MessageKind[]): Promise<Message[]> {
  return (await list(1, LATEST_MESSAGES, { kinds: kinds.join(',') })).records;
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <div style={{ height: LIST_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {children}
    </div>
  );
}

/** A tab's newest messages, unread ones marked; a click opens one. */
function LatestMessages({ tab, onOpen }: { tab: TabKey; onOpen: (message: Message) => void }) {
  const { t } = useTranslation();
  const messages = useQuery({
    queryKey: [...MESSAGE_QUERY_KEY, 'latest', tab],
    queryFn: () => latestOf(MESSAGE_TABS[tab]),
  });
  if (messages.isPending)
    return (
      <Centered>
        <Spin aria-label={t('shell.notices.loading')} />
      </Centered>
    );
  if (messages.isError)
    // The request layer has said why; the tab offers another try.
    return (
      <Centered>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.notices.loadFailed')}>
          <Button size="small" onClick={() => void messages.refetch()}>
            {t('shell.notices.retry')}
          </Button>
        </Empty>
      </Centered>
    );
  if (messages.data.length === 0)
    return (
      <Centered>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(EMPTY_TEXT[tab])} />
      </Centered>
    );
  return (
    <ul
      aria-label={t('shell.notices.latest', { name: t(`shell.notices.${tab}`) })}
      style={{ height: LIST_HEIGHT, overflow: 'auto', margin: 0, padding: 0, listStyle: 'none' }}
    >
      {messages.data.map((message) => {
        const unread = message.readTime === null;
        const time = (message.createTime ?? '').slice(0, 16);
        return (
          <li key={message.id}>
            <Button
              type="text"
              block
              aria-label={t(unread ? 'shell.notices.itemUnread' : 'shell.notices.item', {
                title: message.title,
                time,
              })}
              onClick={() => onOpen(message)}
              style={{ height: 'auto', padding: '8px 4px', display: 'flex', alignItems: 'center', gap: 8 }}
            >
              <Badge status={unread ? 'processing' : 'default'} aria-hidden />
              <Typography.Text ellipsis strong={unread} style={{ flex: 1, textAlign: 'left' }}>
                {message.title}
              </Typography.Text>
              <Typography.Text type="secondary">{time}</Typography.Text>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The notification popover: the bell, with the user's unread messages on its badge, opens three
 * tabs (邮件, 消息, 通知: the kinds of MESSAGE_TABS), each with its unread count, its newest
 * messages and "mark all read"; and a link to the message center. A message opened is marked read
 * and opens its link into the console, or else shows in a dialog. Nothing polls: the counts and
 * lists are read when shown, when the popover opens, and whenever MESSAGE_QUERY_KEY is invalidated.
 */
export function NoticesButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const counts = useUnreadCount().data;
  const actions = useMessageActions();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TabKey>('notice');
  const [shown, setShown] = useState<Message>();
  const total = counts?.total ?? 0;
  const tabName = (key: TabKey) => t(`shell.notices.${key}`);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    // Showing a tab with nothing unread while another has some: that one instead.
    const unreadTab = TABS.find((key) => unreadOf(counts, key) > 0);
    if (unreadTab && unreadOf(counts, tab) === 0) setTab(unreadTab);
    void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY });
  };
  const openMessage = (message: Message) => {
    actions.opened(message);
    setOpen(false);
    const route = routeOf(message);
    if (route) void navigate(route);
    else setShown(message);
  };

  const content = (
    <>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={TABS.map((key) => {
          const unread = unreadOf(counts, key);
          return {
            key,
            // Read out as words ("消息，3 条未读"); shown as the name and a badge.
            label:
              unread > 0 ? (
                <>
                  <span aria-hidden>
                    {tabName(key)}
                    <Badge
                      count={unread}
                      overflowCount={BADGE_CAP}
                      size="small"
                      style={{ marginInlineStart: 4 }}
                    />
                  </span>
                  <span className="shell-sr-only">
                    {t('shell.notices.tabCount', { name: tabName(key), count: unread })}
                  </span>
                </>
              ) : (
                tabName(key)
              ),
            children: <LatestMessages tab={key} onOpen={openMessage} />,
          };
        })}
      />
      <Flex justify="space-between" align="center">
        <Button
          type="link"
          size="small"
          disabled={unreadOf(counts, tab) === 0}
          aria-label={t('shell.notices.readAllOf', { name: tabName(tab) })}
          onClick={() => void actions.readAll(MESSAGE_TABS[tab]).catch(() => undefined)}
        >
          {t('shell.notices.readAll')}
        </Button>
        <Link to={MESSAGE_CENTER_PATH} onClick={() => setOpen(false)}>
          {t('shell.notices.center')}
        </Link>
      </Flex>
    </>
  );
  const label = total > 0 ? t('shell.notices.labelCount', { count: total }) : t('shell.notices.label');
  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={onOpenChange}
        content={content}
        styles={{ root: { width: POPOVER_WIDTH } }}
        classNames={{ root: 'shell-notices' }}
      >
        <Tooltip title={t('shell.notices.label')}>
          <Badge count={total} overflowCount={BADGE_CAP} size="small" offset={[-4, 4]}>
            <Button type="text" aria-label={label} icon={<BellOutlined />} />
          </Badge>
        </Tooltip>
      </Popover>
      <MessageDialog message={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
