import { useQuery } from '@tanstack/react-query';
import { dictionary, type DictItem } from '../../../api/system/dict';
import type { CrudOption, RemoteOptions } from '../../../crud';
import { useLanguage, type Language } from '../../../i18n';

// A process's category is the `flow` dictionary's key with a prefix: the dictionary's 请假流程 (key
// '1') is stored as 'flow_1' on models, deployments and definitions (BladeX's convention). Lists
// show the dictionary's label; forms offer the dictionary's items with the stored values.

export const FLOW_CATEGORY_DICT = 'flow';
export const FLOW_CATEGORY_PREFIX = 'flow_';

/** The stored category of a `flow` dictionary key: '1' → 'flow_1'. */
export const categoryOf = (dictKey: string): string => `${FLOW_CATEGORY_PREFIX}${dictKey}`;

/** The dictionary's items as choices whose values are the stored categories. */
export function flowCategoryOptions(items: readonly DictItem[]): CrudOption[] {
  return items.map((item) => ({ value: categoryOf(item.dictKey), label: item.dictValue }));
}

/** The query of the choices: per language, as the server answers the labels in it. */
export const flowCategoryQueryKey = (language: Language): readonly unknown[] => [
  'flow',
  'category',
  language,
];

const loadFlowCategories = async (): Promise<CrudOption[]> =>
  flowCategoryOptions(await dictionary(FLOW_CATEGORY_DICT));

/** A kit column's `remote`: the category's choices (a `select` column shows their labels). */
export const flowCategoryRemote = (language: Language): RemoteOptions => ({
  queryKey: flowCategoryQueryKey(language),
  load: loadFlowCategories,
});

/** The category's choices outside the kit (the deployment forms), shared with the tables' query. */
export function useFlowCategoryOptions(): { options: CrudOption[]; loading: boolean } {
  const language = useLanguage();
  const query = useQuery({ queryKey: flowCategoryQueryKey(language), queryFn: loadFlowCategories });
  return { options: query.data ?? [], loading: query.isPending };
}
