import type { Message } from '@console/contract';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
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

/** Downloads the file a message carries; the request layer reports a failure. */
async function downloadFile(message: Message): Promise<void> {
  // Loaded when used: the shell does not carry the file code for every page.
  const [{ download }, { saveFile }] = await Promise.all([
    import('../../api/files'),
    import('../../utils/save-file'),
  ]);
  try {
    saveFile(await download('/api/blade-desk/message/file', { id: message.id }));
  } catch {
    // The request layer has said why.
  }
}

/**
 * One message: its kind, time and body; a message linking into the console offers to go there, one
 * carrying a file (a scheduled report) to download it.
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
  const [downloading, setDownloading] = useState(false);
  const fetchFile = (of: Message) => {
    setDownloading(true);
    void downloadFile(of).finally(() => setDownloading(false));
  };
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
        route || message?.fileName ? (
          <>
            {message?.fileName && (
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={downloading}
                onClick={() => fetchFile(message)}
              >
                {t('shell.messages.download')}
              </Button>
            )}
            {route && (
              <Button type="primary" onClick={() => go(route)}>
                {t('shell.messages.openLink')}
              </Button>
            )}
          </>
        ) : null
      }
    >
      {message && (
        <>
          <Typography.Text type="secondary">
            {t(`shell.messages.kinds.${message.kind}`)} · {message.createTime}
          </Typography.Text>
          <MessageBody message={message} />
          {message.fileName && (
            <Typography.Paragraph>
              {t('shell.messages.file', { name: message.fileName })}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Modal>
  );
}
