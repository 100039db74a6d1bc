import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Progress, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadApk } from '../../../api/business/apk';
import { isTransportFailure } from '../../../api/request';
import type { FieldRenderContext } from '../../../crud';

interface Upload {
  name: string;
  /** 0 to 100. */
  percent: number;
  state: 'uploading' | 'done' | 'failed';
}

export interface ApkFileFieldProps {
  /** The Form.Item's: the label's target, the attachId, and how to change it. */
  id?: string;
  value?: string | null;
  onChange?: (attachId: string) => void;
  context: FieldRenderContext;
}

/** The last part of a stored file's link: what the version's file is called. */
const fileNameOf = (url: unknown) =>
  typeof url === 'string' && url !== ''
    ? decodeURIComponent(url.split(/[/?#]/).filter(Boolean).pop() ?? url)
    : '';

/**
 * The version's file: an .apk stored through object storage (put-file) with its progress shown,
 * whose attachId becomes the field's value. The server reads the file's size and md5 from what it
 * stored. A published version's file is fixed (the field is disabled).
 */
export function ApkFileField({ id, value, onChange, context }: ApkFileFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>();
  // Only the latest file chosen may set the value.
  const attempt = useRef(0);
  const { disabled, record, mode } = context;
  const viewing = mode === 'view';
  const saved = record && record.attachId === value ? fileNameOf(record.fileUrl) : '';

  const send = async (file: File) => {
    if (!/\.apk$/i.test(file.name)) {
      void message.error(t('business.apk.upload.notApk'));
      return;
    }
    const mine = ++attempt.current;
    setUpload({ name: file.name, percent: 0, state: 'uploading' });
    try {
      const stored = await uploadApk(file, (fraction) => {
        if (mine === attempt.current)
          setUpload({
            name: file.name,
            percent: Math.min(99, Math.floor(fraction * 100)),
            state: 'uploading',
          });
      });
      if (mine !== attempt.current) return;
      setUpload({ name: file.name, percent: 100, state: 'done' });
      onChange?.(stored.attachId);
    } catch (error) {
      // A refusal was reported by the request layer; a lost connection is said here.
      if (isTransportFailure(error)) void message.error(t('request.unreachable'));
      if (mine === attempt.current) setUpload((last) => last && { ...last, state: 'failed' });
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again after a failure
    if (file) void send(file);
  };

  const uploading = upload?.state === 'uploading';
  return (
    <Flex vertical gap={4}>
      {!viewing && (
        <>
          <input
            ref={input}
            type="file"
            accept=".apk,application/vnd.android.package-archive"
            hidden
            tabIndex={-1}
            onChange={onPick}
          />
          <div>
            <Button
              id={id}
              icon={<UploadOutlined aria-hidden />}
              disabled={disabled || uploading}
              onClick={() => input.current?.click()}
            >
              {t(value ? 'business.apk.upload.replace' : 'business.apk.upload.choose')}
            </Button>
          </div>
        </>
      )}
      {upload && (
        <div aria-live="polite">
          <Typography.Text type={upload.state === 'failed' ? 'danger' : undefined}>
            {t(
              upload.state === 'uploading'
                ? 'business.apk.upload.uploading'
                : upload.state === 'done'
                  ? 'business.apk.upload.uploaded'
                  : 'business.apk.upload.failed',
              { name: upload.name },
            )}
          </Typography.Text>
          <Progress
            percent={upload.percent}
            size="small"
            status={upload.state === 'failed' ? 'exception' : upload.state === 'done' ? 'success' : 'active'}
            aria-label={t('business.apk.upload.progress')}
          />
        </div>
      )}
      {!upload && saved && (
        <Typography.Text>
          {t('business.apk.upload.current')}
          {typeof record?.fileUrl === 'string' ? (
            <a href={record.fileUrl} target="_blank" rel="noopener noreferrer">
              {saved}
            </a>
          ) : (
            saved
          )}
        </Typography.Text>
      )}
      {disabled && !viewing && (
        <Typography.Text type="secondary">{t('business.apk.lockedWhenPublished')}</Typography.Text>
      )}
    </Flex>
  );
}
