import type { Page } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as machineApi from '../../../api/business/machine';
import type { QueryParams } from '../../../api/request';
import * as userApi from '../../../api/system/user';

// The slot page's searchable pickers: a machine (by number or name) and the tenant's users (by
// account or name). Each asks the server as the user types: a field's filter means "contains",
// and a text may match either field, so both are asked and the answers merged.

/** A choice that keeps its label while other searches answer (antd's labelInValue). */
export interface Choice {
  value: string;
  label: string;
}

/** How many choices one search offers. */
const CHOICES = 50;

/** The records of both searches, each once, the first search's first. */
async function searchEither<T extends { id: string }>(
  list: (current: number, size: number, filters: QueryParams) => Promise<Page<T>>,
  text: string,
  fields: readonly [string, string],
): Promise<T[]> {
  if (text === '') return (await list(1, CHOICES, {})).records;
  const pages = await Promise.all(fields.map((field) => list(1, CHOICES, { [field]: text })));
  const seen = new Map<string, T>();
  for (const record of pages.flatMap((page) => page.records))
    if (!seen.has(record.id)) seen.set(record.id, record);
  return [...seen.values()];
}

/** The choices matching what is typed, asked again (deferred) as it changes. */
function useSearch(key: string, load: (text: string) => Promise<Choice[]>) {
  const [typed, setTyped] = useState('');
  const text = useDeferredValue(typed.trim());
  const query = useQuery({
    queryKey: ['slot', key, text],
    queryFn: () => load(text),
    placeholderData: keepPreviousData,
  });
  return { options: query.data ?? [], loading: query.isFetching, search: setTyped };
}

/** A user as the pickers and the holders' tags name it: account · real name. */
export const userLabel = (user: { account: string; realName: string | null }): string =>
  user.realName ? `${user.account} · ${user.realName}` : user.account;

export const machineLabel = (machine: { machineNo: string; machineName: string }): string =>
  `${machine.machineNo} ${machine.machineName}`;

const loadMachines = async (text: string): Promise<Choice[]> =>
  (await searchEither(machineApi.list, text, ['machineNo', 'machineName'])).map((machine) => ({
    value: machine.machineNo,
    label: machineLabel(machine),
  }));

const loadUsers = async (text: string): Promise<Choice[]> =>
  (await searchEither(userApi.list, text, ['account', 'realName'])).map((user) => ({
    value: user.id,
    label: userLabel(user),
  }));

interface PickerProps<V> {
  /** Given by Form.Item (or the page): the label's target. */
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
}

/** One machine, searched by number or name; its value is the machine number with its label. */
export function MachinePicker({ id, value, onChange }: PickerProps<Choice | undefined>) {
  const { t } = useTranslation();
  const { options, loading, search } = useSearch('machine-choices', loadMachines);
  return (
    <Select<Choice>
      id={id}
      labelInValue
      value={value}
      onChange={(choice) =>
        onChange?.(choice ? { value: choice.value, label: String(choice.label) } : undefined)
      }
      options={options}
      loading={loading}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder={t('business.slot.machineSearch')}
      notFoundContent={loading ? undefined : t('business.slot.noMatch')}
      style={{ width: 360, maxWidth: '100%' }}
    />
  );
}

/** Several users of the tenant, searched by account or name. */
export function UserPicker({ id, value, onChange }: PickerProps<Choice[]>) {
  const { t } = useTranslation();
  const { options, loading, search } = useSearch('user-choices', loadUsers);
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
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder={t('business.slot.userSearch')}
      notFoundContent={loading ? undefined : t('business.slot.noMatch')}
      style={{ width: '100%' }}
    />
  );
}
