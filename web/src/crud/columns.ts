import type { ColumnShape, CrudMode, FieldType, FormFieldSpec, SearchFieldSpec } from './types';
import type { SearchFieldSpec as SearchParamSpec } from './search';

// How a column's shorthand (`search: true`, `form: { … }`) reads: which surfaces show it and with
// which control. The components and the plain logic ask here, so the defaults live in one place.

const CHOICE_TYPES: ReadonlySet<FieldType> = new Set(['select', 'radio', 'treeSelect']);

/** The column's control: its type, or a select when it has choices. */
export function fieldType(column: ColumnShape): FieldType {
  if (column.type) return column.type;
  return column.dict || column.options || column.remote ? 'select' : 'input';
}

/** The field picks among choices (its messages say 请选择 rather than 请输入). */
export function isChoice(column: ColumnShape): boolean {
  return CHOICE_TYPES.has(fieldType(column));
}

/** The field holds several values: an array in the form. */
export function isMultiple(column: ColumnShape): boolean {
  return column.multiple === true && (fieldType(column) === 'select' || fieldType(column) === 'treeSelect');
}

/** Several values stored comma-joined on the wire (BladeX's dataType string). */
export function isJoined(column: ColumnShape): boolean {
  return isMultiple(column) && column.joined !== false;
}

/** The dialog's settings of a column, or undefined when the dialog does not show it. */
export function formSpec(column: ColumnShape): FormFieldSpec | undefined {
  if (column.form === false) return undefined;
  return column.form === true || column.form === undefined ? {} : column.form;
}

/** Whether the dialog shows the column in `mode`. */
export function inForm(column: ColumnShape, mode: CrudMode): boolean {
  const spec = formSpec(column);
  return spec !== undefined && !(spec.hideIn ?? []).includes(mode);
}

/** The search settings of a column, or undefined when the search form does not offer it. */
export function searchSpec(column: ColumnShape): SearchFieldSpec | undefined {
  if (column.search === undefined || column.search === false) return undefined;
  return column.search === true ? {} : column.search;
}

/** The search control: the column's, but one line for text areas and passwords. */
export function searchType(column: ColumnShape): FieldType {
  const spec = searchSpec(column);
  const type = spec?.type ?? fieldType(column);
  return type === 'textarea' || type === 'password' ? 'input' : type;
}

/** How each offered search field becomes filters. */
export function searchParamSpecs(columns: readonly ColumnShape[]): SearchParamSpec[] {
  return columns.flatMap((column): SearchParamSpec[] => {
    const spec = searchSpec(column);
    if (!spec) return [];
    if (spec.range) return [{ kind: 'dateRange', prop: column.prop, withTime: spec.withTime === true }];
    return [{ kind: 'value', prop: column.prop, param: spec.op ? `${column.prop}_${spec.op}` : column.prop }];
  });
}

/**
 * The search an address starts a page with (`?hospitalId=…`: another page's link to a filtered
 * list): the values of the offered search fields it names, date ranges aside; undefined for none.
 */
export function startingSearch(
  columns: readonly ColumnShape[],
  query: URLSearchParams,
): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const column of columns) {
    const spec = searchSpec(column);
    const value = query.get(column.prop);
    if (spec && !spec.range && value !== null && value.trim() !== '') values[column.prop] = value.trim();
  }
  return Object.keys(values).length > 0 ? values : undefined;
}
