import type { ReportDataSet } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState, type CSSProperties } from 'react';
import * as hospitalApi from '../../../api/business/hospital';
import * as machineApi from '../../../api/business/machine';
import * as userApi from '../../../api/system/user';
import type { FilterValue } from './definition';

// A filter on an id field that names a record (the field's `names`): the record is picked by its
// name, searched on the server as typed, and its id is the value sent. The page never shows ids.

export type RecordKind = NonNullable<ReportDataSet['fields'][number]['names']>;

/** How many records a search lists: the picker narrows as the user types. */
const SEARCH_SIZE = 20;

interface RecordOption {
  value: string;
  label: string;
}

/** Each kind's records whose name holds the text, by the list its own page uses. */
const SEARCHES: Record<RecordKind, (text: string) => Promise<RecordOption[]>> = {
  hospital: async (text) =>
    (await hospitalApi.list(1, SEARCH_SIZE, text ? { hospitalName: text } : {})).records.map((one) => ({
      value: one.id,
      label: one.hospitalName,
    })),
  machine: async (text) =>
    (await machineApi.list(1, SEARCH_SIZE, text ? { machineNo: text } : {})).records.map((one) => ({
      value: one.id,
      label: `${one.machineNo} ${one.machineName}`,
    })),
  user: async (text) =>
    (await userApi.list(1, SEARCH_SIZE, text ? { realName: text } : {})).records.map((one) => ({
      value: one.id,
      label: `${one.realName} (${one.account})`,
    })),
};

export interface RecordValueSelectProps {
  kind: RecordKind;
  value: FilterValue | undefined;
  /** The picked record's id, or null once cleared. */
  onChange: (value: FilterValue) => void;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
}

export function RecordValueSelect({ kind, value, onChange, ...rest }: RecordValueSelectProps) {
  const [text, setText] = useState('');
  // The picked record's name, kept so the box shows it whatever the current search lists.
  const [picked, setPicked] = useState<RecordOption>();
  const { data, isFetching } = useQuery({
    queryKey: ['report-filter-records', kind, text],
    queryFn: () => SEARCHES[kind](text.trim()),
    staleTime: 30_000,
  });
  const current = value === null || value === undefined || value === '' ? undefined : String(value);
  const options = [...(data ?? [])];
  if (picked && picked.value === current && !options.some((one) => one.value === current))
    options.unshift(picked);
  return (
    <Select<string>
      {...rest}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      options={options}
      value={current}
      onChange={(id, option) => {
        setPicked(Array.isArray(option) || !option ? undefined : (option as RecordOption));
        setText('');
        onChange(id ?? null);
      }}
    />
  );
}
