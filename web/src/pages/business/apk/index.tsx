import { CloudUploadOutlined, RollbackOutlined } from '@ant-design/icons';
import { type Apk, type ApkInput } from '@console/contract';
import { APK_LIMITS, APK_PACKAGE_PATTERN, APK_PUBLISH_STATUS } from '@console/contract/business';
import { Tag, type FormRule } from 'antd';
import './locales';
import * as apkApi from '../../../api/business/apk';
import {
  CrudPage,
  defineCrud,
  type CrudActionContext,
  type CrudApi,
  type CrudFormValues,
  type TextKey,
} from '../../../crud';
import { i18n } from '../../../i18n';
import { formatBytes } from '../../resource/shared/format';
import { ApkFileField } from './ApkFileField';
import { ReadOnlyValue } from './ReadOnlyValue';

/** Published at least once: machines may have installed it, so its identity stays (server rule). */
const everPublished = (record: Readonly<Record<string, unknown>>) =>
  record.publishTime !== null && record.publishTime !== undefined && record.publishTime !== '';

/** A whole number from 1 to the largest the server stores (translated when it runs). */
const versionCodeRule: FormRule = {
  validator: (_, value: unknown) =>
    value === null ||
    value === undefined ||
    (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= APK_LIMITS.maxVersionCode)
      ? Promise.resolve()
      : Promise.reject(
          new Error(i18n.t('business.apk.versionCodeInvalid', { max: APK_LIMITS.maxVersionCode })),
        ),
};

const STATUS_COLORS: Record<number, string> = {
  [APK_PUBLISH_STATUS.DRAFT]: 'default',
  [APK_PUBLISH_STATUS.PUBLISHED]: 'success',
  [APK_PUBLISH_STATUS.WITHDRAWN]: 'warning',
};

/** A version as apk/update takes it: what the form edits, never the size and md5 the server computed. */
function inputOf(record: Apk): ApkInput {
  return {
    id: record.id,
    appName: record.appName,
    packageName: record.packageName,
    versionName: record.versionName,
    versionCode: record.versionCode,
    attachId: record.attachId,
    forceUpdate: record.forceUpdate,
    releaseNotes: record.releaseNotes,
  };
}

/**
 * The form's values as the call's input. The publish status is left out: an edit keeps it (and
 * changing it is the 发布 / 撤回 buttons' work, each with its own permission).
 */
function toInput(values: CrudFormValues, row: Apk | undefined): ApkInput {
  const form = values as Partial<ApkInput>;
  return {
    ...(row ? { id: row.id } : {}),
    appName: form.appName ?? '',
    packageName: form.packageName ?? row?.packageName ?? '',
    versionName: form.versionName ?? '',
    versionCode: form.versionCode ?? row?.versionCode ?? 0,
    attachId: form.attachId ?? row?.attachId ?? null,
    forceUpdate: form.forceUpdate ?? 0,
    releaseNotes: form.releaseNotes ?? null,
  };
}

/** Sets a version's publish status after asking; the server refuses what it must (its message shows). */
async function changeStatus(
  row: Apk,
  context: CrudActionContext<Apk>,
  publishStatus: number,
  question: TextKey,
  done: TextKey,
) {
  if (!(await context.confirm(question))) return;
  try {
    await apkApi.submit({ ...inputOf(row), publishStatus });
  } catch {
    return; // the request layer has shown the server's reason (a version lower than the newest, …)
  }
  context.success(done);
  await context.refresh();
}

/** The kit's calls over the api module, whose list takes the page in its parameters. */
const api: CrudApi<Apk, ApkInput> = {
  list: (current, size, filters) => apkApi.list({ ...filters, current, size }),
  detail: apkApi.detail,
  submit: apkApi.submit,
};

/**
 * APK releases (/api/zxgxg-api/apk): the versions of the machines' app. A version's file is
 * uploaded in the dialog (with its progress) and its size and md5 are the server's; 发布 and 撤回
 * set the publish status. Once published, a version keeps its package, version code and file.
 */
const config = defineCrud<Apk, ApkInput>({
  name: 'apk',
  title: 'business.apk.title',
  rowTitle: 'versionName',
  api,
  permissions: { add: 'apk_add', edit: 'apk_edit', view: 'apk_view' },
  export: { url: '/api/zxgxg-api/apk/export', permission: 'apk_export' },
  defaultSort: [{ field: 'versionCode', order: 'descend' }],
  toInput,
  columns: [
    {
      prop: 'appName',
      label: 'business.apk.appName',
      search: true,
      form: { required: 'business.apk.appNameRequired', maxLength: APK_LIMITS.appName },
    },
    {
      prop: 'packageName',
      label: 'business.apk.packageName',
      search: true,
      table: { content: 'code' },
      form: {
        required: 'business.apk.packageNameRequired',
        maxLength: APK_LIMITS.packageName,
        pattern: { regex: new RegExp(APK_PACKAGE_PATTERN), message: 'business.apk.packageNameInvalid' },
        disableWhen: everPublished,
      },
    },
    {
      prop: 'versionName',
      label: 'business.apk.versionName',
      table: { secondary: true, content: 'code' },
      form: { required: 'business.apk.versionNameRequired', maxLength: APK_LIMITS.versionName },
    },
    {
      prop: 'versionCode',
      label: 'business.apk.versionCode',
      type: 'number',
      table: { content: 'number', align: 'right', sort: true },
      form: {
        required: 'business.apk.versionCodeRequired',
        rules: [versionCodeRule],
        disableWhen: everPublished,
      },
    },
    {
      prop: 'attachId',
      label: 'business.apk.file',
      table: false,
      form: {
        span: 24,
        required: 'business.apk.fileRequired',
        disableWhen: everPublished,
        render: (context) => <ApkFileField context={context} />,
      },
    },
    {
      prop: 'fileSize',
      label: 'business.apk.fileSize',
      table: { content: 'number', align: 'right', sort: true, render: (size) => formatBytes(size) },
      form: {
        hideIn: ['add'],
        help: 'business.apk.computed',
        render: () => <ReadOnlyValue format={(size) => formatBytes(size as number | null)} />,
      },
    },
    {
      prop: 'md5',
      label: 'business.apk.md5',
      table: { secondary: true, content: 'code', width: 300 },
      form: { hideIn: ['add'], help: 'business.apk.computed', render: () => <ReadOnlyValue /> },
    },
    {
      prop: 'forceUpdate',
      label: 'business.apk.forceUpdate',
      type: 'radio',
      options: [
        { value: 1, label: 'business.apk.yes' },
        { value: 0, label: 'business.apk.no' },
      ],
      table: { secondary: true, content: 'text' },
      form: { initialValue: 0 },
    },
    {
      prop: 'releaseNotes',
      label: 'business.apk.releaseNotes',
      type: 'textarea',
      table: false,
      form: { maxLength: APK_LIMITS.releaseNotes },
    },
    {
      prop: 'publishStatus',
      label: 'business.apk.publishStatus',
      type: 'select',
      dict: { code: 'apk_publish_status', numeric: true },
      search: { op: 'equal' },
      table: {
        render: (status, _, { labels }) => <Tag color={STATUS_COLORS[status]}>{labels[0] ?? status}</Tag>,
      },
      // Set by 发布 and 撤回; the view shows it.
      form: { hideIn: ['add', 'edit'] },
    },
    {
      prop: 'publishTime',
      label: 'business.apk.publishTime',
      table: { content: 'datetime', sort: true },
      form: { hideIn: ['add', 'edit'], render: () => <ReadOnlyValue /> },
    },
  ],
  rowActions: [
    {
      key: 'publish',
      label: 'business.apk.publish.action',
      icon: <CloudUploadOutlined aria-hidden />,
      permission: 'apk_publish',
      visible: (row) => row.publishStatus !== APK_PUBLISH_STATUS.PUBLISHED,
      onClick: (row, context) =>
        changeStatus(
          row,
          context,
          APK_PUBLISH_STATUS.PUBLISHED,
          'business.apk.publish.confirm',
          'business.apk.publish.done',
        ),
    },
    {
      key: 'withdraw',
      label: 'business.apk.withdraw.action',
      icon: <RollbackOutlined aria-hidden />,
      permission: 'apk_withdraw',
      danger: true,
      visible: (row) => row.publishStatus === APK_PUBLISH_STATUS.PUBLISHED,
      onClick: (row, context) =>
        changeStatus(
          row,
          context,
          APK_PUBLISH_STATUS.WITHDRAWN,
          'business.apk.withdraw.confirm',
          'business.apk.withdraw.done',
        ),
    },
  ],
});

export default function ApkPage() {
  return <CrudPage config={config} />;
}
