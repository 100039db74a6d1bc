import { App, Button, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadLocalLog } from '../../api/log';
import { isTransportFailure } from '../../api/request';
import { clearErrorLog, useErrorLog, type ErrorLogEntry } from './error-log-store';
import '../../i18n/console-texts';

// A row's key is its entry's own: entries are kept, never copied, as newer ones come in front of
// them, so an opened row stays open on its entry when another error is logged meanwhile (a key from
// the position would move the opened row onto the entry before it).
const rowKeys = new WeakMap<ErrorLogEntry, number>();
let lastRowKey = 0;
function rowKeyOf(entry: ErrorLogEntry): number {
  let key = rowKeys.get(entry);
  if (key === undefined) {
    key = ++lastRowKey;
    rowKeys.set(entry, key);
  }
  return key;
}

interface ErrorLogDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The local error log (spec §8): the entries, sending them to the server, clearing them. */
export function ErrorLogDialog({ open, onClose }: ErrorLogDialogProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const entries = useErrorLog((state) => state.entries);

  const columns: TableColumnsType<ErrorLogEntry> = [
    { title: t('shell.errorLog.type'), dataIndex: 'type', width: 80 },
    { title: t('shell.errorLog.message'), dataIndex: 'message', ellipsis: true },
    { title: t('shell.errorLog.url'), dataIndex: 'url', ellipsis: true, width: 240 },
    { title: t('shell.errorLog.time'), dataIndex: 'time', width: 170 },
  ];

  const upload = () => {
    void modal.confirm({
      title: t('common.tip'),
      content: t('shell.errorLog.uploadConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await uploadLocalLog(entries);
          clearErrorLog();
          void message.success(t('shell.errorLog.uploaded'));
        } catch (error) {
          // The request layer has said why when the server answered; the entries stay either way.
          if (isTransportFailure(error)) void message.error(t('request.unreachable'));
        }
      },
    });
  };

  const clear = () => {
    void modal.confirm({
      title: t('common.tip'),
      content: t('shell.errorLog.clearConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        clearErrorLog();
        void message.success(t('shell.errorLog.cleared'));
      },
    });
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('shell.errorLog.title')}
      width={880}
      footer={
        <Space>
          <Button onClick={upload} disabled={entries.length === 0}>
            {t('shell.errorLog.upload')}
          </Button>
          <Button danger onClick={clear} disabled={entries.length === 0}>
            {t('shell.errorLog.clear')}
          </Button>
        </Space>
      }
    >
      <Table
        size="small"
        rowKey={rowKeyOf}
        columns={columns}
        dataSource={entries}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('shell.errorLog.empty') }}
        expandable={{
          expandedRowRender: (entry) => (
            <div>
              <Typography.Text strong>{t('shell.errorLog.info')}</Typography.Text>
              <pre className="shell-log-pre">{entry.info}</pre>
              <Typography.Text strong>{t('shell.errorLog.stack')}</Typography.Text>
              <pre className="shell-log-pre">{entry.stack || '—'}</pre>
            </div>
          ),
        }}
      />
    </Modal>
  );
}
