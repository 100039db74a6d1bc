import { UploadOutlined } from '@ant-design/icons';
import { OSS_CATEGORY, OSS_LIMITS, type OssInput, type StoredFile, type Oss } from '@console/contract';
import { Descriptions, Image, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as ossApi from '../../../api/resource/oss';
import { CrudPage, type TextKey } from '../../../crud';
import { isImageExtension } from '../shared/format';
import { requiredFor, secretKeyColumn, settingsCrud, type WithSecret } from '../shared/settings';
import { UploadDialog } from '../shared/UploadDialog';

type OssRow = WithSecret<Oss>;

const CATEGORY_OPTIONS = [
  { value: OSS_CATEGORY.LOCAL, label: 'resource.oss.categories.local' },
  { value: OSS_CATEGORY.MINIO, label: 'resource.oss.categories.minio' },
  { value: OSS_CATEGORY.ALI, label: 'resource.oss.categories.ali' },
  { value: OSS_CATEGORY.TENCENT, label: 'resource.oss.categories.tencent' },
  { value: OSS_CATEGORY.QINIU, label: 'resource.oss.categories.qiniu' },
  { value: OSS_CATEGORY.AMAZON, label: 'resource.oss.categories.amazon' },
] as const;

/** Local disk needs no endpoint, keys or bucket; the other providers do, as the server checks (oss.service.ts). */
const notLocal = (category: number) => category !== OSS_CATEGORY.LOCAL;

/** Object storage settings (/api/blade-resource/oss): one enabled per tenant stores its uploads. */
function ossConfig(t: (key: TextKey) => string, openTest: () => void) {
  return settingsCrud<OssRow, OssInput>({
    name: 'oss',
    api: ossApi,
    categories: CATEGORY_OPTIONS,
    initialCategory: OSS_CATEGORY.LOCAL,
    categoryWidth: 120,
    limits: { code: OSS_LIMITS.ossCode, remark: OSS_LIMITS.remark },
    fields: [
      {
        prop: 'endpoint',
        label: 'resource.oss.endpoint',
        table: { ellipsis: true },
        form: {
          maxLength: OSS_LIMITS.endpoint,
          rules: [
            requiredFor(notLocal, 'resource.oss.endpointRequired', t),
            { pattern: /^https?:\/\/\S+$/, message: t('resource.oss.endpointInvalid') },
          ],
        },
      },
      {
        prop: 'accessKey',
        label: 'resource.oss.accessKey',
        table: { ellipsis: true },
        form: {
          maxLength: OSS_LIMITS.accessKey,
          rules: [requiredFor(notLocal, 'resource.oss.accessKeyRequired', t)],
        },
      },
      secretKeyColumn<OssRow>('resource.oss.secretKey', OSS_LIMITS.secretKey),
      {
        prop: 'bucketName',
        label: 'resource.oss.bucketName',
        form: {
          maxLength: OSS_LIMITS.bucketName,
          rules: [requiredFor(notLocal, 'resource.oss.bucketNameRequired', t)],
        },
      },
      { prop: 'appId', label: 'resource.oss.appId', table: false, form: { maxLength: OSS_LIMITS.appId } },
      { prop: 'region', label: 'resource.oss.region', table: false, form: { maxLength: OSS_LIMITS.region } },
    ],
    toolbarActions: [
      {
        key: 'test-upload',
        label: 'resource.oss.testUpload',
        icon: <UploadOutlined aria-hidden />,
        // put-file takes oss_add or oss_edit from this page: whoever sets up storage tests it.
        permission: 'oss_edit',
        onClick: openTest,
      },
    ],
  });
}

/** What the test upload stored: its link (opens in a new window), names, and a preview for images. */
function StoredFileResult({ stored }: { stored: StoredFile }) {
  const { t } = useTranslation();
  const extension = stored.name.slice(stored.name.lastIndexOf('.') + 1);
  return (
    <Descriptions
      title={t('resource.oss.result')}
      column={1}
      size="small"
      bordered
      style={{ marginTop: 16 }}
      items={[
        {
          key: 'link',
          label: t('resource.shared.link'),
          children: (
            <Typography.Link href={stored.link} target="_blank" rel="noopener noreferrer" copyable>
              {stored.link}
            </Typography.Link>
          ),
        },
        { key: 'name', label: t('resource.shared.name'), children: stored.name },
        { key: 'originalName', label: t('resource.shared.originalName'), children: stored.originalName },
        ...(isImageExtension(extension)
          ? [
              {
                key: 'preview',
                label: t('resource.shared.preview'),
                children: <Image src={stored.link} alt={stored.originalName} width={96} />,
              },
            ]
          : []),
      ]}
    />
  );
}

export default function OssPage() {
  const { t } = useTranslation();
  const [testing, setTesting] = useState(false);
  const [stored, setStored] = useState<StoredFile>();
  // Built once: the rules read texts through t when they run, so they follow the language.
  const config = useMemo(
    () =>
      ossConfig(
        (key) => t(key),
        () => setTesting(true),
      ),
    [t],
  );
  return (
    <CrudPage config={config}>
      <UploadDialog
        open={testing}
        title={t('resource.oss.testUploadTitle')}
        onClose={() => {
          setTesting(false);
          setStored(undefined);
        }}
        onUploaded={setStored}
      >
        {stored && <StoredFileResult stored={stored} />}
      </UploadDialog>
    </CrudPage>
  );
}
