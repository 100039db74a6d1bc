import type { Message } from '@console/contract';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SafeHtml } from '../rich-text/SafeHtml';
import { routeOf } from './messages';
import '../../i18n/console-texts';

/** A message's body: a notice's rich text through the console's sanitiser (security S10), else plain text. */
function MessageBody({ message }: { message: Message }) {
  if (!message.body) return null;
  if (message.kind === 'notice') return <SafeHtml html={message.body} />;
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>
      {message.body}
    </Typography.Paragraph>
  );
}

/**
 * One message: its kind, time and body; a message linking into the console offers to go there.
 * `getContainer={false}` keeps it inside a page, so it hides with the page's tab.
 */
export function MessageDialog({
  message,
  onClose,
  getContainer,
}: {
  message: Message | undefined;
  onClose: () => void;
  getContainer?: false;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = message && routeOf(message);
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  return (
    <Modal
      open={message !== undefined}
      title={message?.title}
      width={720}
      onCancel={onClose}
      getContainer={getContainer}
      destroyOnHidden
      footer={
        route ? (
          <Button type="primary" onClick={() => go(route)}>
            {t('shell.messages.openLink')}
          </Button>
        ) : null
      }
    >
      {message && (
        <>
          <Typography.Text type="secondary">
            {t(`shell.messages.kinds.${message.kind}`)} · {message.createTime}
          </Typography.Text>
          <MessageBody message={message} />
        </>
      )}
    </Modal>
  );
}
