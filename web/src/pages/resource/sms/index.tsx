import { SendOutlined } from '@ant-design/icons';
import { SMS_CATEGORY, SMS_LIMITS, type Sms, type SmsInput } from '@console/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as smsApi from '../../../api/resource/sms';
import { CrudPage, type TextKey } from '../../../crud';
import { requiredFor, secretKeyColumn, settingsCrud, type WithSecret } from '../shared/settings';
import { SendTestDialog } from './SendTestDialog';

type SmsRow = WithSecret<Sms>;

const CATEGORY_OPTIONS = [
  { value: SMS_CATEGORY.ALI, label: 'resource.sms.categories.ali' },
  { value: SMS_CATEGORY.TENCENT, label: 'resource.sms.categories.tencent' },
  { value: SMS_CATEGORY.QINIU, label: 'resource.sms.categories.qiniu' },
  { value: SMS_CATEGORY.YUNPIAN, label: 'resource.sms.categories.yunpian' },
  { value: SMS_CATEGORY.LOG, label: 'resource.sms.categories.log' },
] as const;

/** A provider that sends (every category but the log); which fields each requires: sms.service.ts. */
const vendor = (c: number) => c !== SMS_CATEGORY.LOG;

/** SMS settings (/api/blade-resource/sms): one enabled per tenant sends its messages. */
function smsConfig(t: (key: TextKey) => string, openSend: (row: SmsRow) => void) {
  return settingsCrud<SmsRow, SmsInput>({
    name: 'sms',
    api: smsApi,
    categories: CATEGORY_OPTIONS,
    initialCategory: SMS_CATEGORY.ALI,
    categoryWidth: 140,
    limits: { code: SMS_LIMITS.smsCode, remark: SMS_LIMITS.remark },
    fields: [
      {
        prop: 'templateId',
        label: 'resource.sms.templateId',
        search: true,
        form: {
          maxLength: SMS_LIMITS.templateId,
          rules: [requiredFor(vendor, 'resource.sms.templateIdRequired', t)],
        },
      },
      {
        prop: 'accessKey',
        label: 'resource.sms.accessKey',
        table: { ellipsis: true },
        form: {
          maxLength: SMS_LIMITS.accessKey,
          rules: [
            requiredFor((c) => vendor(c) && c !== SMS_CATEGORY.YUNPIAN, 'resource.sms.accessKeyRequired', t),
          ],
        },
      },
      secretKeyColumn<SmsRow>('resource.sms.secretKey', SMS_LIMITS.secretKey),
      {
        prop: 'regionId',
        label: 'resource.sms.regionId',
        table: false,
        form: { maxLength: SMS_LIMITS.regionId },
      },
      {
        prop: 'appId',
        label: 'resource.sms.appId',
        table: false,
        form: {
          maxLength: SMS_LIMITS.appId,
          rules: [requiredFor((c) => c === SMS_CATEGORY.TENCENT, 'resource.sms.appIdRequired', t)],
        },
      },
      {
        prop: 'signName',
        label: 'resource.sms.signName',
        form: {
          maxLength: SMS_LIMITS.signName,
          rules: [
            requiredFor(
              (c) => c === SMS_CATEGORY.ALI || c === SMS_CATEGORY.TENCENT,
              'resource.sms.signNameRequired',
              t,
            ),
          ],
        },
      },
    ],
    rowActions: [
      {
        key: 'send',
        label: 'resource.sms.send',
        icon: <SendOutlined aria-hidden />,
        permission: 'sms_send',
        onClick: openSend,
      },
    ],
  });
}

export default function SmsPage() {
  const { t } = useTranslation();
  const [sendingCode, setSendingCode] = useState<string>();
  const config = useMemo(
    () =>
      smsConfig(
        (key) => t(key),
        (row) => setSendingCode(row.smsCode),
      ),
    [t],
  );
  return (
    <CrudPage config={config}>
      <SendTestDialog code={sendingCode} onClose={() => setSendingCode(undefined)} />
    </CrudPage>
  );
}
