import { BellOutlined } from '@ant-design/icons';
import type { Notice } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Popover, Spin, Tabs, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { list as listNotices } from '../../api/desk/notice';
import { SafeHtml } from '../../components/rich-text/SafeHtml';
import '../../i18n/console-texts';

/** Width of the notification popover and height of its list area (spec §9). */
const POPOVER_WIDTH = 350;
const LIST_HEIGHT = 300;
/** How many of the latest notices the notices tab lists. */
export const LATEST_NOTICES = 5;

/**
 * Under the notice page's list key: its saves and deletes mark this list out of date too, and the
 * popover asks again when it opens on an out-of-date list.
 */
const LATEST_KEY = ['notice', 'list', 'latest'] as const;

/** The date part of a notice's release (or, without one, creation) time. */
const dateOf = (notice: Notice) => (notice.releaseTime ?? notice.createTime ?? '').slice(0, 10);

function Centered({ children }: { children: ReactNode }) {
  return (
    <div style={{ height: LIST_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {children}
    </div>
  );
}

/** The notices tab: the latest notices by release time; a click opens one. */
function LatestNotices({ onOpen }: { onOpen: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const notices = useQuery({
    queryKey: LATEST_KEY,
    queryFn: () => listNotices(1, LATEST_NOTICES, { descs: 'releaseTime' }),
    // Fresh enough for a glance; opening the popover again within the minute asks nothing.
    staleTime: 60_000,
  });
  if (notices.isPending)
    return (
      <Centered>
        <Spin aria-label={t('shell.notices.loading')} />
      </Centered>
    );
  if (notices.isError)
    // The request layer has said why; the tab offers another try.
    return (
      <Centered>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.notices.loadFailed')}>
          <Button size="small" onClick={() => void notices.refetch()}>
            {t('shell.notices.retry')}
          </Button>
        </Empty>
      </Centered>
    );
  const records = notices.data.records;
  if (records.length === 0)
    return (
      <Centered>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.notices.emptyNotices')} />
      </Centered>
    );
  return (
    <ul
      aria-label={t('shell.notices.latest')}
      style={{ height: LIST_HEIGHT, overflow: 'auto', margin: 0, padding: 0, listStyle: 'none' }}
    >
      {records.map((notice) => (
        <li key={notice.id}>
          <Button
            type="text"
            block
            onClick={() => onOpen(notice)}
            style={{
              height: 'auto',
              padding: '8px 4px',
              display: 'flex',
              justifyContent: 'space-between',
              gap: 8,
            }}
          >
            <Typography.Text ellipsis style={{ flex: 1, textAlign: 'left' }}>
              {notice.title}
            </Typography.Text>
            <Typography.Text type="secondary">{dateOf(notice)}</Typography.Text>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The notification popover: mail and messages (placeholders without data, spec §1) and the
 * tenant's latest notices, loaded when the popover first opens. A notice opens in a dialog, its
 * content through the console's sanitiser (security S10).
 */
export function NoticesButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The tab's content mounts (and loads) only once the popover has been opened.
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState<Notice>();

  const empty = (text: string) => (
    <Centered>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </Centered>
  );
  const content = (
    <Tabs
      size="small"
      defaultActiveKey="notices"
      items={[
        { key: 'mail', label: t('shell.notices.mail'), children: empty(t('shell.notices.emptyMail')) },
        {
          key: 'messages',
          label: t('shell.notices.messages'),
          children: empty(t('shell.notices.emptyMessages')),
        },
        {
          key: 'notices',
          label: t('shell.notices.notices'),
          children: opened ? (
            <LatestNotices
              onOpen={(notice) => {
                setOpen(false);
                setShown(notice);
              }}
            />
          ) : null,
        },
      ]}
    />
  );
  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) return;
          setOpened(true);
          void queryClient.refetchQueries({ queryKey: LATEST_KEY, stale: true });
        }}
        content={content}
        styles={{ root: { width: POPOVER_WIDTH } }}
        classNames={{ root: 'shell-notices' }}
      >
        <Tooltip title={t('shell.notices.label')}>
          <Button type="text" aria-label={t('shell.notices.label')} icon={<BellOutlined />} />
        </Tooltip>
      </Popover>
      <Modal
        open={shown !== undefined}
        title={shown?.title}
        footer={null}
        width={720}
        onCancel={() => setShown(undefined)}
        destroyOnHidden
      >
        {shown && (
          <>
            <Typography.Text type="secondary">{dateOf(shown)}</Typography.Text>
            <SafeHtml html={shown.content} />
          </>
        )}
      </Modal>
    </>
  );
}
