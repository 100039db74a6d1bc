import { InboxOutlined } from '@ant-design/icons';
import type { StoredFile } from '@console/contract';
import { App, Modal, Upload, type UploadProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../../api/resource/oss';
import { isTransportFailure, RequestError } from '../../../api/request';
import './locales';

export interface UploadDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** A file was stored (and recorded as an attachment). */
  onUploaded?: (stored: StoredFile) => void;
  /** Shown under the drop area (the last upload's result). */
  children?: ReactNode;
}

/**
 * A dialog with a drop area that stores files through `oss/endpoint/put-file` (the tenant's
 * enabled storage). The server checks type (by content), size, the user's upload rate and the
 * tenant's storage quota; its refusal is shown by the request layer, and the file is marked failed
 * in the list with the server's words as its tooltip.
 */
export function UploadDialog({ open, title, onClose, onUploaded, children }: UploadDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    putFile(file as Blob, (file as File).name).then(
      (stored) => {
        onSuccess?.(stored);
        void message.success(t('resource.shared.uploaded'));
        onUploaded?.(stored);
      },
      (error: unknown) => {
        if (isTransportFailure(error)) void message.error(t('request.unreachable'));
        // antd shows a failed file's response text as its tooltip.
        onError?.(error as Error, error instanceof RequestError ? error.serverMessage : undefined);
      },
    );
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden width={600}>
      <Upload.Dragger name="file" multiple={false} maxCount={5} customRequest={customRequest}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('resource.shared.uploadHint')}</p>
      </Upload.Dragger>
      {children}
    </Modal>
  );
}
