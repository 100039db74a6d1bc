import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dictionary, type DictItem } from '../../../api/system/dict';
import { useLanguage, type Language } from '../../../i18n';
import { FLOW_CATEGORY_DICT, FLOW_CATEGORY_PREFIX } from '../../flow/shared/category';

// The flow route dictionary (spec §3: routeKey `flow_<dictKey>`, routeValue the item's remark). A
// process definition's category is `flow_<dictKey>` of the system dictionary `flow` ('flow_1' is
// 请假流程); the item's remark, when it is a path, is where the category's business pages live
// ('/work/process/leave'): `<route>/form/…`, `<route>/handle/…`, `<route>/detail/…`. A category
// without one is handled by the work pages themselves (a confirmation, a generic decision dialog,
// the diagram).

/** A `flow` dictionary item: `dictionary?code=` answers the remark too (DictItem names what the kit reads). */
export type FlowCategoryItem = DictItem & { remark?: string | null };

/** The dictionary's query: its labels follow the language; its routes do not change while the page is open. */
export function flowCategoriesQuery(language: Language) {
  return {
    queryKey: ['work', 'flow-categories', language] as const,
    queryFn: () => dictionary(FLOW_CATEGORY_DICT) as Promise<FlowCategoryItem[]>,
    staleTime: Infinity,
  };
}

/** The dictionary key a category names: 'flow_1' → '1'; anything else names none. */
export function categoryKey(category: string | null | undefined): string | undefined {
  const stored = category?.trim() ?? '';
  return stored.startsWith(FLOW_CATEGORY_PREFIX) && stored.length > FLOW_CATEGORY_PREFIX.length
    ? stored.slice(FLOW_CATEGORY_PREFIX.length)
    : undefined;
}

const itemOf = (items: readonly FlowCategoryItem[], category: string | null | undefined) => {
  const key = categoryKey(category);
  return key === undefined ? undefined : items.find((item) => item.dictKey === key);
};

/**
 * The business route of a category: the item's remark when it is an absolute path ('/work/process/
 * leave', a trailing slash dropped); undefined for a category without one (or not in the dictionary).
 */
export function routeOf(
  items: readonly FlowCategoryItem[],
  category: string | null | undefined,
): string | undefined {
  const remark = itemOf(items, category)?.remark?.trim();
  if (!remark || !/^\/[^\s?#]*$/.test(remark)) return undefined;
  const route = remark.replace(/\/+$/, '');
  return route === '' ? undefined : route;
}

/** The category's label (请假流程); the stored category itself when the dictionary has no such item. */
export function categoryLabel(
  items: readonly FlowCategoryItem[],
  category: string | null | undefined,
): string {
  return itemOf(items, category)?.dictValue ?? category ?? '';
}

/** The ids a business page's address carries. */
interface TaskIds {
  taskId: string;
  processInstanceId: string;
  businessId: string | null;
}

/** The start form of a routed category: `<route>/form/<processDefinitionId>`. */
export const formPath = (route: string, processDefinitionId: string): string =>
  `${route}/form/${encodeURIComponent(processDefinitionId)}`;

/** The handling page of a task: undefined when the process has no business record to handle. */
export function handlePath(route: string, task: TaskIds): string | undefined {
  if (!task.businessId) return undefined;
  return `${route}/handle/${[task.taskId, task.processInstanceId, task.businessId].map(encodeURIComponent).join('/')}`;
}

/** The detail page of a process: undefined when it has no business record to show. */
export function detailPath(
  route: string,
  process: { processInstanceId: string; businessId: string | null },
): string | undefined {
  if (!process.businessId) return undefined;
  return `${route}/detail/${[process.processInstanceId, process.businessId].map(encodeURIComponent).join('/')}`;
}

/** Loads (or reads the cached) dictionary and answers a category's route. */
export async function loadRoute(
  queryClient: QueryClient,
  language: Language,
  category: string | null | undefined,
): Promise<string | undefined> {
  return routeOf(await queryClient.fetchQuery(flowCategoriesQuery(language)), category);
}

/**
 * The process categories for a work page: their items as loaded (for labels), and `routeFor`, which
 * waits for the dictionary when it is not there yet (a click before the first answer still goes
 * where the category says). A dictionary that cannot be loaded rejects `routeFor`: the request
 * layer has said why, and the row's action does nothing rather than handle the task generically.
 */
export function useFlowRoutes() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const categories = useQuery(flowCategoriesQuery(language));
  const routeFor = useCallback(
    (category: string | null | undefined) => loadRoute(queryClient, language, category),
    [queryClient, language],
  );
  return { items: categories.data, routeFor };
}
