import type { QueryParams } from '../api/request';

// The search form's values become list filters (contract.md, "Requests"): empty values are left
// out, a date range becomes `<prop>_dategt` / `<prop>_datelt`, several chosen values travel
// comma-joined. The form holds antd's date values; this module only asks them to format themselves.

/** A date the search form holds (antd's pickers hold dayjs values), or a text already formatted. */
export type DateValue = string | { format: (template: string) => string };

/** The wire's date formats (contract.md): a whole day, or a moment. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** How one search field's value becomes filters. */
export type SearchFieldSpec =
  | {
      kind: 'value';
      /** The form field. */
      prop: string;
      /** The filter's name: `prop`, or `prop_<op>` (paramKey_equal, …). */
      param: string;
    }
  | {
      kind: 'dateRange';
      prop: string;
      /** false: whole days (`2024-01-31`), which the server reads as inclusive days; true: moments. */
      withTime: boolean;
    };

/**
 * Empty as the spec's empty check says (§5): null, undefined, a text of blanks, an empty array,
 * an object with no keys. Numbers (0 too) and booleans are values.
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (typeof value === 'object' && !isDateValue(value)) return Object.keys(value).length === 0;
  return false;
}

function isDateValue(value: unknown): value is DateValue {
  return (
    typeof value === 'string' ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { format?: unknown }).format === 'function')
  );
}

function formatDate(value: unknown, withTime: boolean): string | undefined {
  if (isEmptyValue(value) || !isDateValue(value)) return undefined;
  return typeof value === 'string' ? value.trim() : value.format(withTime ? DATE_TIME_FORMAT : DATE_FORMAT);
}

/** `[start, end]` of a range picker as `<prop>_dategt` / `<prop>_datelt`; an open end is left out. */
export function dateRangeParams(prop: string, range: unknown, withTime: boolean): QueryParams {
  const params: QueryParams = {};
  if (!Array.isArray(range)) return params;
  const start = formatDate(range[0], withTime);
  const end = formatDate(range[1], withTime);
  if (start !== undefined) params[`${prop}_dategt`] = start;
  if (end !== undefined) params[`${prop}_datelt`] = end;
  return params;
}

/** One value as a filter: trimmed text, a number or flag as is, several values comma-joined. */
function filterValue(value: unknown): string | number | boolean | undefined {
  if (isEmptyValue(value)) return undefined;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    const parts = value.map(filterValue).filter((part) => part !== undefined);
    return parts.length > 0 ? parts.join(',') : undefined;
  }
  if (isDateValue(value)) return formatDate(value, true);
  return undefined;
}

/**
 * The filters a search form's values ask for. Empty values are dropped; fields the specs do not
 * name pass through under their own name (a page's fixed filters).
 */
export function searchParams(values: Readonly<Record<string, unknown>>, specs: readonly SearchFieldSpec[]) {
  const params: QueryParams = {};
  const byProp = new Map(specs.map((spec) => [spec.prop, spec]));
  for (const [prop, value] of Object.entries(values)) {
    const spec = byProp.get(prop);
    if (spec?.kind === 'dateRange') {
      Object.assign(params, dateRangeParams(prop, value, spec.withTime));
      continue;
    }
    const filter = filterValue(value);
    if (filter !== undefined) params[spec?.param ?? prop] = filter;
  }
  return params;
}

/** Filters without their empty values (for filters given by a page rather than the form). */
export function dropEmpty(params: Readonly<QueryParams>): QueryParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => !isEmptyValue(value)));
}
