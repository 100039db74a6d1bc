import type { Apk, Page } from '@console/contract';
import { APK_PUBLISH_STATUS, ROLLOUT_LIMITS } from '@console/contract/business';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as apkApi from '../../../api/business/apk';
import * as hospitalApi from '../../../api/business/hospital';
import * as machineApi from '../../../api/business/machine';
import type { QueryParams } from '../../../api/request';

// The rollout form's searchable pickers: a published version, hospitals, machines. Each asks the
// server as the user types (a field's filter means "contains"; a text may match any of the fields
// named, so each is asked and the answers merged). Their queries are keyed by what they list (apk,
// hospital, machine), not 'rollout': a machine's progress on a rollout, announced as a rollout
// change, does not ask them again.

/** A choice that keeps its label while other searches answer (antd's labelInValue). */
export interface Choice {
  value: string;
  label: string;
}

/** How many choices one search offers. */
const CHOICES = 50;

/** The records of the searches, each once, the first field's first. */
async function searchAny<T extends { id: string }>(
  list: (current: number, size: number, filters: QueryParams) => Promise<Page<T>>,
  text: string,
  fields: readonly string[],
  fixed: QueryParams = {},
): Promise<T[]> {
  if (text === '') return (await list(1, CHOICES, fixed)).records;
  const pages = await Promise.all(fields.map((field) => list(1, CHOICES, { ...fixed, [field]: text })));
  const seen = new Map<string, T>();
  for (const record of pages.flatMap((page) => page.records))
    if (!seen.has(record.id)) seen.set(record.id, record);
  return [...seen.values()];
}

/** The choices matching what is typed, asked again (deferred) as it changes. */
function useSearch<C>(
  [topic, ...key]: readonly [string, ...unknown[]],
  load: (text: string) => Promise<C[]>,
) {
  const [typed, setTyped] = useState('');
  const text = useDeferredValue(typed.trim());
  const query = useQuery({
    queryKey: [topic, 'rollout-choices', ...key, text],
    queryFn: () => load(text),
    placeholderData: keepPreviousData,
  });
  return { options: query.data ?? [], loading: query.isFetching, search: setTyped };
}

/** A version as the picker names it: package, version name and code. */
export const apkLabel = (apk: Pick<Apk, 'packageName' | 'versionName' | 'versionCode'>): string =>
  `${apk.packageName} ${apk.versionName} (${apk.versionCode})`;

const publishedApks = (text: string) =>
  searchAny(
    (current, size, filters) => apkApi.list({ ...filters, current, size }),
    text,
    ['packageName', 'versionName', 'appName'],
    { publishStatus: APK_PUBLISH_STATUS.PUBLISHED, descs: 'versionCode' },
  );

interface PickerProps<V> {
  /** Given by Form.Item: the label's target. */
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  'aria-required'?: boolean;
}

/**
 * One published version, with its label (a draft restored shows it before any search answers);
 * `onPick` gets the version chosen.
 */
export function ApkPicker({
  id,
  value,
  onChange,
  onPick,
  ...aria
}: PickerProps<Choice | undefined> & { onPick: (apk: Apk | undefined) => void }) {
  const { t } = useTranslation();
  const { options, loading, search } = useSearch(['apk'], publishedApks);
  return (
    <Select<Choice>
      id={id}
      labelInValue
      value={value}
      onChange={(choice) => {
        onChange?.(choice ? { value: choice.value, label: String(choice.label) } : undefined);
        onPick(choice ? options.find((apk) => apk.id === choice.value) : undefined);
      }}
      options={options.map((apk) => ({ value: apk.id, label: apkLabel(apk) }))}
      loading={loading}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder={t('business.rollout.add.apkSearch')}
      notFoundContent={loading ? undefined : t('business.rollout.add.noMatch')}
      style={{ width: '100%' }}
      {...aria}
    />
  );
}

/** Several choices searched on the server, at most a stage's members. */
function MultiPicker({
  id,
  value,
  onChange,
  options,
  loading,
  search,
  placeholder,
  ...aria
}: PickerProps<Choice[]> & {
  options: Choice[];
  loading: boolean;
  search: (text: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<Choice[]>
      id={id}
      mode="multiple"
      labelInValue
      value={value}
      onChange={(choices) =>
        onChange?.((choices ?? []).map((choice) => ({ value: choice.value, label: String(choice.label) })))
      }
      options={options}
      loading={loading}
      allowClear
      maxCount={ROLLOUT_LIMITS.members}
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder={placeholder}
      notFoundContent={loading ? undefined : t('business.rollout.add.noMatch')}
      style={{ width: '100%' }}
      {...aria}
    />
  );
}

const loadHospitals = async (text: string): Promise<Choice[]> =>
  (await searchAny(hospitalApi.list, text, ['hospitalName', 'hospitalCode'])).map((hospital) => ({
    value: hospital.id,
    label: hospital.hospitalName,
  }));

/** Hospitals of the tenant, searched by name or code. */
export function HospitalsPicker(props: PickerProps<Choice[]>) {
  const { t } = useTranslation();
  const found = useSearch(['hospital'], loadHospitals);
  return <MultiPicker {...props} {...found} placeholder={t('business.rollout.add.hospitalSearch')} />;
}

/** Machines running the package (all machines while none is chosen), searched by number or name. */
export function MachinesPicker({ packageName, ...props }: PickerProps<Choice[]> & { packageName?: string }) {
  const { t } = useTranslation();
  const found = useSearch(['machine', packageName ?? ''], async (text) =>
    (
      await searchAny(
        machineApi.list,
        text,
        ['machineNo', 'machineName'],
        packageName ? { apkPackageName_equal: packageName } : {},
      )
    ).map((machine) => ({ value: machine.id, label: `${machine.machineNo} ${machine.machineName}` })),
  );
  return <MultiPicker {...props} {...found} placeholder={t('business.rollout.add.machineSearch')} />;
}
