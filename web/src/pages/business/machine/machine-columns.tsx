import { type Machine } from '@console/contract';
import {
  MACHINE_LIMITS,
  MACHINE_NO_PATTERN,
  MACHINE_ONLINE,
  MACHINE_RUN_STATUS,
} from '@console/contract/business';
import { Tag, Tooltip } from 'antd';
import * as hospitalApi from '../../../api/business/hospital';
import type { CrudColumn, CrudOption } from '../../../crud';
import { i18n } from '../../../i18n';
import { SlotGrid } from './SlotGrid';

/** A machine as the dialog holds it: the record plus its slot grid, shown when viewing. */
export type MachineRow = Machine & { slots?: undefined };

/** The hospitals a machine may stand in: the first 200 of the tenant's, by name. */
export const HOSPITAL_CHOICES_KEY = ['machine', 'hospital-choices'] as const;
const loadHospitalChoices = async (): Promise<CrudOption[]> =>
  (await hospitalApi.list(1, 200, {})).records.map((hospital) => ({
    value: hospital.id,
    label: hospital.hospitalName,
  }));

const RUN_STATUS_COLORS: Record<number, string> = {
  [MACHINE_RUN_STATUS.DISABLED]: 'default',
  [MACHINE_RUN_STATUS.NORMAL]: 'success',
  [MACHINE_RUN_STATUS.FAULT]: 'error',
  [MACHINE_RUN_STATUS.MAINTENANCE]: 'warning',
};

/** Fields the server fills in (heartbeat, apk, WeChat): shown when viewing, never typed. */
const VIEW_ONLY = { hideIn: ['add', 'edit'] } as const;

export const machineColumns: CrudColumn<MachineRow>[] = [
  {
    prop: 'machineNo',
    label: 'business.machine.machineNo',
    search: true,
    table: { content: 'code', sort: true },
    form: {
      required: 'business.machine.machineNoRequired',
      maxLength: MACHINE_LIMITS.machineNo,
      pattern: { regex: new RegExp(MACHINE_NO_PATTERN), message: 'business.machine.machineNoInvalid' },
      help: 'business.machine.machineNoHelp',
      disableIn: ['edit'],
    },
  },
  {
    prop: 'machineName',
    label: 'business.machine.machineName',
    search: true,
    form: { required: 'business.machine.machineNameRequired', maxLength: MACHINE_LIMITS.machineName },
  },
  {
    prop: 'hospitalId',
    label: 'business.machine.hospital',
    type: 'select',
    remote: { queryKey: HOSPITAL_CHOICES_KEY, load: loadHospitalChoices },
    search: true,
    // The server names it (a hospital past the first 200 choices too).
    table: { content: 'text', render: (_, row) => row.hospitalName },
    form: { required: 'business.machine.hospitalRequired' },
  },
  {
    prop: 'location',
    label: 'business.machine.location',
    table: { secondary: true, ellipsis: true },
    form: { maxLength: MACHINE_LIMITS.location },
  },
  {
    prop: 'model',
    label: 'business.machine.model',
    table: { secondary: true },
    dict: { code: 'machine_model', numeric: true },
  },
  {
    prop: 'slotCount',
    label: 'business.machine.slotCount',
    type: 'number',
    table: { content: 'number', align: 'right' },
    form: {
      required: 'business.machine.slotCountRequired',
      rules: [
        {
          // A whole number from 1 to 200; translated when the rule runs: the columns are a constant that follows the language.
          validator: (_, value: unknown) =>
            value === null ||
            value === undefined ||
            (Number.isInteger(value) &&
              (value as number) >= 1 &&
              (value as number) <= MACHINE_LIMITS.maxSlotCount)
              ? Promise.resolve()
              : Promise.reject(
                  new Error(i18n.t('business.machine.slotCountRange', { max: MACHINE_LIMITS.maxSlotCount })),
                ),
        },
      ],
    },
  },
  {
    prop: 'onlineStatus',
    label: 'business.machine.onlineStatus',
    options: [
      { value: MACHINE_ONLINE.ONLINE, label: 'business.machine.online' },
      { value: MACHINE_ONLINE.OFFLINE, label: 'business.machine.offline' },
    ],
    // The server reads `onlineStatus` (0/1) against the heartbeat window.
    search: true,
    table: {
      content: 'tag',
      // Since when, on hover and to screen readers.
      render: (value, row, { labels }) => {
        const online = value === MACHINE_ONLINE.ONLINE;
        const since = online ? row.onlineSince : row.offlineSince;
        const title = since
          ? i18n.t(online ? 'business.machine.onlineSinceAt' : 'business.machine.offlineSinceAt', {
              time: since,
            })
          : undefined;
        return (
          <Tooltip title={title}>
            <Tag color={online ? 'success' : 'default'} aria-label={title}>
              {labels[0]}
            </Tag>
          </Tooltip>
        );
      },
    },
    form: VIEW_ONLY,
  },
  { prop: 'onlineSince', label: 'business.machine.onlineSince', table: false, form: VIEW_ONLY },
  { prop: 'offlineSince', label: 'business.machine.offlineSince', table: false, form: VIEW_ONLY },
  {
    prop: 'runStatus',
    label: 'business.machine.runStatus',
    dict: { code: 'machine_run_status', numeric: true },
    search: true,
    table: {
      content: 'tag',
      // 维修中 beside it while a repair order of the machine runs (issue 51).
      render: (value, row, { labels }) => (
        <>
          <Tag color={RUN_STATUS_COLORS[value] ?? 'default'}>{labels[0]}</Tag>
          {row.underRepair === 1 && <Tag color="processing">{i18n.t('business.machine.underRepair')}</Tag>}
        </>
      ),
    },
    form: { initialValue: MACHINE_RUN_STATUS.NORMAL },
  },
  {
    prop: 'lastHeartbeatTime',
    label: 'business.machine.lastHeartbeatTime',
    table: { content: 'datetime', sort: true },
    form: VIEW_ONLY,
  },
  {
    prop: 'apkVersionCode',
    label: 'business.machine.apkVersionCode',
    table: { secondary: true, content: 'number' },
    form: VIEW_ONLY,
  },
  {
    prop: 'wxNickname',
    label: 'business.machine.wxNickname',
    table: { secondary: true, render: (value, row) => value || row.wxOpenId },
    form: VIEW_ONLY,
  },
  {
    prop: 'remark',
    label: 'business.machine.remark',
    type: 'textarea',
    table: false,
    form: { maxLength: MACHINE_LIMITS.remark },
  },
  {
    prop: 'slots',
    label: 'business.machine.slots',
    table: false,
    form: {
      ...VIEW_ONLY,
      span: 24,
      render: ({ record }) => <SlotGrid machine={record as MachineRow | undefined} />,
    },
  },
];
