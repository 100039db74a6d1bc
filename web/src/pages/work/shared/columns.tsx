import type { FlowTask } from '@console/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { CrudColumn } from '../../../crud';
import type { Language } from '../../../i18n';
import { flowCategoryOptions } from '../../flow/shared/category';
import { flowCategoriesQuery } from './flow-routes';
import './locales';

/**
 * The process category as the `flow` dictionary names it (请假流程), shown as a tag; the choices load
 * through the same query as the routes, so a page asks the dictionary once.
 */
export function categoryColumn<T extends { category: string | null }>(
  queryClient: QueryClient,
  language: Language,
  search = false,
): CrudColumn<T> {
  const column = {
    prop: 'category',
    label: 'work.shared.category',
    type: 'select',
    remote: {
      queryKey: ['work', 'flow-category-options', language],
      load: async () => flowCategoryOptions(await queryClient.fetchQuery(flowCategoriesQuery(language))),
    },
    search: search ? { op: 'equal' } : false,
    form: false,
  } satisfies CrudColumn<{ category: string | null }>;
  return column as unknown as CrudColumn<T>;
}

/** The columns every task list starts with: the process, its category, the step and the applicant. */
export function taskColumns(queryClient: QueryClient, language: Language): CrudColumn<FlowTask>[] {
  return [
    { prop: 'processDefinitionName', label: 'work.shared.processDefinitionName', search: true },
    categoryColumn<FlowTask>(queryClient, language),
    { prop: 'taskName', label: 'work.shared.taskName' },
    { prop: 'startUserName', label: 'work.shared.startUserName' },
  ];
}

/**
 * The search by a searchable field of a process's designed form (issue 51): the field's key (as
 * the form designer shows it) and text its value contains; search-only columns, sent as
 * `formField` and `formValue`.
 */
export function formSearchColumns<T>(): CrudColumn<T>[] {
  const columns = [
    { prop: 'formField', label: 'work.shared.formField', search: true, table: false, form: false },
    { prop: 'formValue', label: 'work.shared.formValue', search: true, table: false, form: false },
  ] satisfies CrudColumn<{ formField: string; formValue: string }>[];
  return columns as unknown as CrudColumn<T>[];
}
