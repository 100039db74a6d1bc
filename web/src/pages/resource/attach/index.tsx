import { DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import type { Attach } from '@console/contract';
import { Image } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as attachApi from '../../../api/resource/attach';
import { CrudPage, defineCrud } from '../../../crud';
import { formatBytes, isImageExtension } from '../shared/format';
import { UploadDialog } from '../shared/UploadDialog';

/** Saves a stored file under its original name (links are same-origin or the storage's own). */
function download(row: Attach) {
  const anchor = document.createElement('a');
  anchor.href = row.link;
  anchor.download = row.originalName ?? '';
  anchor.rel = 'noopener noreferrer';
  anchor.target = '_blank';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

interface AttachActions {
  openUpload: (refresh: () => Promise<void>) => void;
  preview: (row: Attach) => void;
}

/** Attachments (/api/blade-resource/attach): the files stored through put-file. No add or edit. */
function attachConfig({ openUpload, preview }: AttachActions) {
  return defineCrud<Attach, never>({
    name: 'attach',
    title: 'resource.attach.title',
    rowTitle: 'originalName',
    api: attachApi,
    permissions: { delete: 'attach_delete', view: 'attach_view' },
    export: { url: '/api/blade-resource/attach/export', permission: 'attach_export' },
    defaultSort: [{ field: 'createTime', order: 'descend' }],
    columns: [
      {
        prop: 'link',
        label: 'resource.attach.link',
        table: {
          ellipsis: true,
          render: (link, row) =>
            isImageExtension(row.extension) ? (
              // The thumbnail opens the picture full size (antd's preview).
              <Image
                src={link}
                alt={row.originalName ?? ''}
                width={40}
                height={40}
                style={{ objectFit: 'cover' }}
              />
            ) : (
              <a href={link} target="_blank" rel="noopener noreferrer" title={link}>
                {link}
              </a>
            ),
        },
      },
      { prop: 'domain', label: 'resource.attach.domain', table: { secondary: true, ellipsis: true } },
      { prop: 'name', label: 'resource.attach.name', search: true, table: { ellipsis: true } },
      {
        prop: 'originalName',
        label: 'resource.attach.originalName',
        search: true,
        table: { ellipsis: true },
      },
      {
        prop: 'extension',
        label: 'resource.attach.extension',
        search: { op: 'equal' },
        table: { secondary: true, width: 110 },
      },
      {
        prop: 'attachSize',
        label: 'resource.attach.attachSize',
        table: { width: 110, align: 'right', sort: true, render: (size) => formatBytes(size) },
      },
      {
        prop: 'createTime',
        label: 'resource.attach.createTime',
        search: { range: true },
        table: { width: 170, sort: true },
      },
    ],
    rowActions: [
      {
        key: 'preview',
        label: 'resource.attach.preview',
        icon: <EyeOutlined aria-hidden />,
        permission: 'attach_view',
        visible: (row) => isImageExtension(row.extension),
        onClick: preview,
      },
      {
        key: 'download',
        label: 'resource.attach.download',
        icon: <DownloadOutlined aria-hidden />,
        permission: 'attach_download',
        onClick: download,
      },
    ],
    toolbarActions: [
      {
        key: 'upload',
        label: 'resource.attach.upload',
        icon: <UploadOutlined aria-hidden />,
        permission: 'attach_upload',
        onClick: ({ refresh }) => openUpload(refresh),
      },
    ],
  });
}

export default function AttachPage() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [previewed, setPreviewed] = useState<Attach>();
  // The list's refresh, handed over by the toolbar action: new uploads show at once.
  const refreshList = useRef<() => Promise<void>>(undefined);
  const config = useMemo(
    () =>
      attachConfig({
        openUpload: (refresh) => {
          refreshList.current = refresh;
          setUploading(true);
        },
        preview: setPreviewed,
      }),
    [],
  );
  return (
    <CrudPage config={config}>
      <UploadDialog
        open={uploading}
        title={t('resource.shared.uploadDialog')}
        onClose={() => setUploading(false)}
        onUploaded={() => void refreshList.current?.()}
      />
      {previewed && (
        <Image
          style={{ display: 'none' }}
          src={previewed.link}
          alt={previewed.originalName ?? ''}
          preview={{ open: true, onOpenChange: (open) => !open && setPreviewed(undefined) }}
        />
      )}
    </CrudPage>
  );
}
