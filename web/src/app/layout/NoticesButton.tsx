import { BellOutlined } from '@ant-design/icons';
import { Button, Empty, Popover, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Width of the notification popover and height of its list area (spec §9). */
const POPOVER_WIDTH = 350;
const LIST_HEIGHT = 300;

/** The notification popover: mail, messages and notices. A placeholder without data (spec §1). */
export function NoticesButton() {
  const { t } = useTranslation();
  const list = (empty: string) => (
    <div
      style={{
        height: LIST_HEIGHT,
        overflow: 'auto',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
    </div>
  );
  const content = (
    <Tabs
      size="small"
      items={[
        { key: 'mail', label: t('shell.notices.mail'), children: list(t('shell.notices.emptyMail')) },
        {
          key: 'messages',
          label: t('shell.notices.messages'),
          children: list(t('shell.notices.emptyMessages')),
        },
        {
          key: 'notices',
          label: t('shell.notices.notices'),
          children: list(t('shell.notices.emptyNotices')),
        },
      ]}
    />
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={content}
      styles={{ root: { width: POPOVER_WIDTH } }}
      classNames={{ root: 'shell-notices' }}
    >
      <Tooltip title={t('shell.notices.label')}>
        <Button type="text" aria-label={t('shell.notices.label')} icon={<BellOutlined />} />
      </Tooltip>
    </Popover>
  );
}
