import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Filter, ListQuery, Order } from '../list-query.js';
import { toDb } from './table.js';

// Turns parsed filters into Kysely expressions. Column names come from table definitions and
// values are always bound parameters: request text never becomes SQL (security S2).

/** LIKE pattern for "contains", with the wildcards of the value escaped by '!'. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBuilder = ExpressionBuilder<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;

export function filterExpression(eb: AnyBuilder, filter: Filter): Expression<SqlBool> {
  const ref = eb.ref(filter.column.name);
  const value = () => toDb(filter.column.kind, filter.value);
  switch (filter.op) {
    case 'contains':
      return sql<SqlBool>`lower(${ref}) like lower(${containsPattern(String(filter.value))}) escape '!'`;
    case 'notContains':
      return sql<SqlBool>`(${ref} is null or lower(${ref}) not like lower(${containsPattern(String(filter.value))}) escape '!')`;
    case 'equal':
      return eb(ref, '=', value());
    case 'notEqual':
      return eb.or([eb(ref, '<>', value()), eb(ref, 'is', null)]);
    case 'gt':
      return eb(ref, '>', value());
    case 'gte':
      return eb(ref, '>=', value());
    case 'lt':
      return eb(ref, '<', value());
    case 'null':
      return eb(ref, 'is', null);
    case 'notNull':
      return eb(ref, 'is not', null);
  }
}

/**
 * The bound parameters filterExpression gives a filter, in their order: what a statement compiled
 * once for a list's shape takes from each request (fast-path.ts checks the two agree).
 */
export function filterParameters(filter: Filter): unknown[] {
  switch (filter.op) {
    case 'contains':
    case 'notContains':
      return [containsPattern(String(filter.value))];
    case 'null':
    case 'notNull':
      return [];
    default:
      return [toDb(filter.column.kind, filter.value)];
  }
}

export function orderTerms(orders: Order[], key = 'id'): Array<[string, 'asc' | 'desc']> {
  const terms = orders.map((o): [string, 'asc' | 'desc'] => [o.column.name, o.direction]);
  // The key (the id) settles ties so that pages neither repeat nor skip rows.
  if (!orders.some((o) => o.column.name === key)) terms.push([key, 'desc']);
  return terms;
}

/**
 * The statements of a page: the total under the filters, the requested slice in order, and the
 * filtered rows with nothing selected yet (for a bounded count).
 */
export function pageQueries(
  scoped: AnySelect,
  query: ListQuery,
  key = 'id',
): { count: AnySelect; filtered: AnySelect; page: AnySelect } {
  const filtered = query.filters.reduce<AnySelect>(
    (q, f) => q.where((eb) => filterExpression(eb, f)),
    scoped,
  );
  const ordered = orderTerms(query.orders, key).reduce<AnySelect>(
    (q, [column, dir]) => q.orderBy(column, dir),
    filtered,
  );
  return {
    count: filtered.select((eb) => eb.fn.countAll().as('total')),
    filtered,
    page: ordered
      .selectAll()
      .limit(query.size)
      .offset((query.current - 1) * query.size),
  };
}
