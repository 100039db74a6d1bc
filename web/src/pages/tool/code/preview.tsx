import type { Code } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Modal, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './code.css';
import * as codeApi from '../../../api/develop/code';
import { RequestError } from '../../../api/request';

/** The file's name after its folders: the tab's label (the whole path heads the tab's content). */
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * What 生成 would write for a record, file by file (GET …/code/preview), before anything is
 * downloaded: one tab a file, its path and its text, which can be copied.
 */
export function CodePreviewDialog({ record, onClose }: { record: Code | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const files = useQuery({
    queryKey: ['code', 'preview', record?.id],
    // The server's refusal (a table or name the generator cannot take) is shown in the dialog itself.
    queryFn: () => codeApi.preview(record!.id, { quiet: true }),
    enabled: record !== undefined,
    // What the generator writes follows the record: read it again for each opening.
    gcTime: 0,
  });

  let body;
  if (files.isPending)
    body = <Spin style={{ display: 'block', padding: 48 }} description={t('tool.code.preview.loading')} />;
  else if (files.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message={t('tool.code.preview.failed')}
        description={
          (files.error instanceof RequestError && files.error.serverMessage) ||
          t('tool.code.preview.tryLater')
        }
      />
    );
  else if (files.data.length === 0) body = <Empty description={t('tool.code.preview.empty')} />;
  else
    body = (
      <Tabs
        tabPosition="left"
        style={{ height: '65vh' }}
        items={files.data.map((file) => ({
          key: file.path,
          label: <span title={file.path}>{fileName(file.path)}</span>,
          children: (
            <section aria-label={file.path} style={{ height: '65vh', overflow: 'auto' }}>
              <Typography.Text code copyable={{ text: file.content }}>
                {file.path}
              </Typography.Text>
              <pre className="code-preview__text">{file.content}</pre>
            </section>
          ),
        }))}
      />
    );

  return (
    <Modal
      open={record !== undefined}
      title={t('tool.code.preview.title', { name: record?.codeName ?? '' })}
      width={1100}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
