import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionary as bizDictionary } from '../api/system/dict-biz';
import { dictionary } from '../api/system/dict';
import { useLanguage } from '../i18n';
import { labelIndex, optionsFromDict, type CrudOption } from './options';
import type { ColumnShape, DictSource } from './types';

/** A dictionary's query: shared by every column and page asking for the same one. */
export function dictQueryKey(source: DictSource, language: string): readonly unknown[] {
  return ['dictionary', source.biz ? 'biz' : 'system', source.code, language];
}

export interface ColumnOptions {
  /** The choices of each column that has some, by prop. */
  options: ReadonlyMap<string, CrudOption[]>;
  /** The same as value → label lookups, by prop. */
  labels: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

function loadDict(source: DictSource): Promise<CrudOption[]> {
  return (source.biz ? bizDictionary : dictionary)(source.code).then((items) => optionsFromDict(items));
}

/** The loaded lists alone: a new array only when one of them changes (TanStack's combine). */
const dataOf = (results: UseQueryResult<CrudOption[]>[]) => results.map((result) => result.data);

/**
 * The choices of the columns: static ones translated, dictionaries fetched once (per language, as
 * the server answers labels in it) and remote ones once per page visit.
 */
export function useColumnOptions(columns: readonly ColumnShape[]): ColumnOptions {
  const { t } = useTranslation();
  const language = useLanguage();
  const loaded = useMemo(() => columns.filter((column) => column.dict || column.remote), [columns]);
  const data = useQueries({
    queries: loaded.map(({ dict, remote }) =>
      dict
        ? { queryKey: dictQueryKey(dict, language), queryFn: () => loadDict(dict), staleTime: Infinity }
        : { queryKey: remote?.queryKey ?? [], queryFn: () => remote?.load() ?? Promise.resolve([]) },
    ),
    combine: dataOf,
  });

  // Stable while nothing changes, so the table's columns (which read the labels) are too.
  return useMemo(() => {
    const options = new Map<string, CrudOption[]>();
    for (const column of columns) {
      if (column.options)
        options.set(
          column.prop,
          column.options.map((option) => ({ value: option.value, label: t(option.label) })),
        );
    }
    loaded.forEach((column, index) => {
      const list = data[index] ?? [];
      // Dictionary keys arrive as texts; a numeric field's values are numbers.
      options.set(
        column.prop,
        column.dict?.numeric ? list.map((option) => ({ ...option, value: Number(option.value) })) : list,
      );
    });
    const labels = new Map([...options].map(([prop, list]) => [prop, labelIndex(list)] as const));
    return { options, labels };
  }, [columns, loaded, data, t]);
}
