import type { Alert, AlertRule, AlertRuleInput } from '@console/contract';
import { ALERT_KINDS, ALERT_LIMITS } from '@console/contract/business';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as alertApi from '../../../api/business/alert';
import * as hospitalApi from '../../../api/business/hospital';
import * as roleApi from '../../../api/system/role';
import {
  CrudPage,
  defineCrud,
  optionsFromTree,
  type CrudFormValues,
  type CrudOption,
  type StaticOption,
} from '../../../crud';
import { refreshingChoices } from '../../authority/shared/refreshing-choices';
import { SmsSwitch, ThresholdField, hasThreshold, thresholdRule, thresholdText } from './fields';
import './locales';

const STATUS_ON = 1;
/** The incidents' queries: the server's change events of the topic 'alert' refresh them. */
const INCIDENTS = 'alert';
/** How often the incidents on screen are listed again (ms). */
const INCIDENTS_REFRESH = 30_000;

const KIND_OPTIONS: readonly StaticOption[] = ALERT_KINDS.map((kind) => ({
  value: kind,
  label: `business.alert.kinds.${kind}` as const,
}));

// Choices of the forms and filters, loaded once per page visit.
const ROLE_CHOICES = ['alert-rule', 'role-choices'] as const;
const HOSPITAL_CHOICES = ['alert-rule', 'hospital-choices'] as const;
/** Under the incidents' topic: the rules' names follow their changes. */
const RULE_CHOICES = [INCIDENTS, 'rule-choices'] as const;

const loadRoles = async (): Promise<CrudOption[]> => optionsFromTree(await roleApi.tree());
/** The first 200 of the tenant's hospitals (as the machines' form offers them). */
const loadHospitals = async (): Promise<CrudOption[]> =>
  (await hospitalApi.list(1, 200, {})).records.map((hospital) => ({
    value: hospital.id,
    label: hospital.hospitalName,
  }));
const loadRules = async (): Promise<CrudOption[]> =>
  (await alertApi.list(1, 200, {})).records.map((rule) => ({ value: rule.id, label: rule.ruleName }));

/** Several chosen ids as the wire's comma-joined text. */
const joined = (value: unknown): string =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((part) => String(part).trim())
    .filter((part) => part !== '')
    .join(',');

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The submit body: the threshold only where the kind has one, ids comma-joined, SMS and status 0/1. */
export function toRuleInput(values: CrudFormValues, row: AlertRule | undefined): AlertRuleInput {
  const kind = values.kind as AlertRule['kind'];
  const threshold =
    hasThreshold(kind) &&
    values.threshold !== null &&
    values.threshold !== undefined &&
    values.threshold !== ''
      ? Number(values.threshold)
      : null;
  return {
    ...(row ? { id: row.id } : {}),
    ruleName: String(values.ruleName ?? '').trim(),
    kind,
    threshold,
    roleIds: joined(values.roleIds),
    hospitalIds: joined(values.hospitalIds) || null,
    sms: values.sms === 1 || values.sms === true ? 1 : 0,
    status: values.status === 0 ? 0 : STATUS_ON,
    remark: text(values.remark),
  };
}

const ruleConfig = defineCrud<AlertRule, AlertRuleInput>({
  name: 'alert-rule',
  title: 'business.alert.rules.title',
  rowTitle: 'ruleName',
  api: {
    ...alertApi,
    submit: refreshingChoices(alertApi.submit, RULE_CHOICES),
    remove: refreshingChoices(alertApi.remove, RULE_CHOICES),
  },
  permissions: { add: 'alert_add', edit: 'alert_edit', delete: 'alert_delete', view: 'alert_view' },
  export: { url: '/api/zxgxg-api/alert-rule/export', permission: 'alert_export' },
  toInput: toRuleInput,
  columns: [
    {
      prop: 'ruleName',
      label: 'business.alert.rules.ruleName',
      search: true,
      form: { required: 'business.alert.rules.ruleNameRequired', maxLength: ALERT_LIMITS.ruleName },
    },
    {
      prop: 'kind',
      label: 'business.alert.rules.kind',
      type: 'select',
      options: KIND_OPTIONS,
      search: { op: 'equal' },
      form: { required: 'business.alert.rules.kindRequired', initialValue: 'machine-silent' },
    },
    {
      prop: 'threshold',
      label: 'business.alert.rules.threshold',
      type: 'number',
      table: { content: 'number', render: (value, row) => thresholdText(value, row.kind) },
      form: {
        help: 'business.alert.rules.thresholdHelp',
        rules: [thresholdRule],
        render: ({ disabled }) => <ThresholdField disabled={disabled} />,
      },
    },
    {
      prop: 'roleIds',
      label: 'business.alert.rules.roleIds',
      type: 'treeSelect',
      multiple: true,
      remote: { queryKey: ROLE_CHOICES, load: loadRoles },
      table: { ellipsis: true, render: (_, _row, { labels }) => labels.join('、') },
      form: { required: 'business.alert.rules.roleIdsRequired', help: 'business.alert.rules.roleIdsHelp' },
    },
    {
      prop: 'hospitalIds',
      label: 'business.alert.rules.hospitalIds',
      type: 'select',
      multiple: true,
      remote: { queryKey: HOSPITAL_CHOICES, load: loadHospitals },
      table: {
        ellipsis: true,
        render: (_, _row, { labels, t }) =>
          labels.length > 0 ? labels.join('、') : t('business.alert.rules.allHospitals'),
      },
      form: { help: 'business.alert.rules.hospitalIdsHelp' },
    },
    {
      prop: 'sms',
      label: 'business.alert.rules.sms',
      table: {
        content: 'tag',
        render: (value, _row, { t }) =>
          t(value === 1 ? 'business.alert.rules.yes' : 'business.alert.rules.no'),
      },
      form: {
        initialValue: 0,
        help: 'business.alert.rules.smsHelp',
        render: ({ disabled }) => <SmsSwitch disabled={disabled} />,
      },
    },
    {
      prop: 'status',
      label: 'business.alert.rules.status',
      type: 'radio',
      options: [
        { value: STATUS_ON, label: 'business.alert.rules.statusOn' },
        { value: 0, label: 'business.alert.rules.statusOff' },
      ],
      table: {
        content: 'tag',
        render: (value, _row, { labels }) => (
          <Tag color={value === STATUS_ON ? 'success' : 'default'}>{labels[0]}</Tag>
        ),
      },
      form: { initialValue: STATUS_ON },
    },
    {
      prop: 'remark',
      label: 'business.alert.rules.remark',
      type: 'textarea',
      table: false,
      form: { maxLength: ALERT_LIMITS.remark },
    },
  ],
});

const incidentConfig = defineCrud<Alert, never>({
  name: INCIDENTS,
  title: 'business.alert.incidents.title',
  rowTitle: 'subject',
  api: { list: alertApi.alerts },
  permissions: { view: 'alert_view' },
  columns: [
    {
      prop: 'subject',
      label: 'business.alert.incidents.subject',
      table: { content: 'longText', ellipsis: true },
    },
    {
      prop: 'ruleId',
      label: 'business.alert.incidents.rule',
      type: 'select',
      remote: { queryKey: RULE_CHOICES, load: loadRules },
      search: true,
      table: { render: (value, row, { labels }) => row.ruleName ?? labels[0] ?? value },
    },
    {
      prop: 'kind',
      label: 'business.alert.incidents.kind',
      type: 'select',
      options: KIND_OPTIONS,
      search: { op: 'equal' },
    },
    {
      prop: 'state',
      label: 'business.alert.incidents.state',
      type: 'select',
      options: [
        { value: 'open', label: 'business.alert.incidents.open' },
        { value: 'closed', label: 'business.alert.incidents.closed' },
      ],
      search: true,
      table: {
        content: 'tag',
        render: (value, _row, { labels }) => (
          <Tag color={value === 'open' ? 'error' : 'success'}>{labels[0]}</Tag>
        ),
      },
    },
    {
      prop: 'hospitalId',
      label: 'business.alert.rules.hospitalIds',
      type: 'select',
      remote: { queryKey: HOSPITAL_CHOICES, load: loadHospitals },
      table: { secondary: true, render: (value, _row, { labels }) => (value ? (labels[0] ?? value) : '—') },
    },
    { prop: 'openedTime', label: 'business.alert.incidents.openedTime', table: { content: 'datetime' } },
    {
      prop: 'closedTime',
      label: 'business.alert.incidents.closedTime',
      table: { content: 'datetime', render: (value) => value ?? '—' },
    },
  ],
});

/** 告警记录: read only, listed again every 30 s while shown, and on the server's change events. */
function Incidents({ active }: { active: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: [INCIDENTS, 'list'] }),
      INCIDENTS_REFRESH,
    );
    return () => clearInterval(timer);
  }, [active, queryClient]);
  return <CrudPage config={incidentConfig} />;
}

type AlertTab = 'rules' | 'incidents';

/**
 * 告警中心 (issue 50): the tenant's alert rules — what is watched (machines silent, slots at fault,
 * failed updates, refunds waiting), in which hospitals, and which roles are told — and the
 * incidents they opened, open until what they saw clears.
 */
export default function AlertPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AlertTab>('rules');
  return (
    <section aria-label={t('business.alert.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as AlertTab)}
        items={[
          {
            key: 'rules',
            label: t('business.alert.tabs.rules'),
            children: <CrudPage config={ruleConfig} />,
          },
          {
            key: 'incidents',
            label: t('business.alert.tabs.incidents'),
            children: <Incidents active={tab === 'incidents'} />,
          },
        ]}
      />
    </section>
  );
}
