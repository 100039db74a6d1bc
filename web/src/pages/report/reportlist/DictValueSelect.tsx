import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { dictionary } from '../../../api/system/dict';
import { dictQueryKey, optionsFromDict } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { dictKeyValue, type DataSetField, type FilterValue } from './definition';

// A filter value picked among a system dictionary's entries (the field's `dict`): the label shown,
// the key sent as the field's type wants it. The dictionary loads through the CRUD kit's query, so
// the pages showing the same dictionary and this share one call per language.

export interface DictValueSelectProps {
  /** The field filtered on; its `dict` names the dictionary, its type the key's form. */
  field: DataSetField;
  value: FilterValue | undefined;
  /** The chosen key, or null once cleared. */
  onChange: (value: FilterValue) => void;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  style?: CSSProperties;
}

export function DictValueSelect({ field, value, onChange, ...rest }: DictValueSelectProps) {
  const language = useLanguage();
  const code = field.dict ?? '';
  const { data, isFetching } = useQuery({
    queryKey: dictQueryKey({ code }, language),
    queryFn: async () => optionsFromDict(await dictionary(code)),
    staleTime: Infinity,
    enabled: code !== '',
  });
  const options = (data ?? []).map((option) => ({
    label: option.label,
    value: dictKeyValue(field, option.value) as string | number,
  }));
  const current = dictKeyValue(field, value);

  return (
    <Select<string | number>
      {...rest}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isFetching}
      options={options}
      value={current ?? undefined}
      onChange={(picked) => onChange(dictKeyValue(field, picked))}
    />
  );
}
