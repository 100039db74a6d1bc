import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@console/contract';
import { parseDateTime } from './dates.js';
import { badRequest } from './errors.js';
import { isId } from './ids.js';
import type { Column, TableDef } from './repository/table.js';

// The one list-query mechanism (contract.md, "Requests"): paging, suffix filters and sorting over a
// table's declared columns. Parsing is pure: it turns request input into column references taken
// from the table definition plus typed values; nothing from the request becomes SQL text.

export type FilterOp =
  'contains' | 'notContains' | 'equal' | 'notEqual' | 'gt' | 'lt' | 'gte' | 'null' | 'notNull';

export interface Filter {
  column: Column;
  op: FilterOp;
  /** Typed by the column's kind: string, number, bigint-safe id string, or Date. */
  value: string | number | Date | null;
}

export interface Order {
  column: Column;
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  current: number;
  size: number;
  filters: Filter[];
  orders: Order[];
}

type RawQuery = Record<string, unknown>;

const PAGING_KEYS = new Set(['current', 'size', 'ascs', 'descs']);
const SUFFIXES = [
  'notequal',
  'equal',
  'notlike',
  'like',
  'dategt',
  'datelt',
  'dateequal',
  'notnull',
  'null',
  'gt',
  'lt',
] as const;
type Suffix = (typeof SUFFIXES)[number] | '';

function text(value: unknown): string | undefined {
  if (Array.isArray(value)) value = value[value.length - 1];
  if (value === undefined || value === null) return undefined;
  const s = String(value).trim();
  return s === '' ? undefined : s;
}

function splitKey(key: string): { name: string; suffix: Suffix } {
  const at = key.lastIndexOf('_');
  if (at > 0) {
    const suffix = key.slice(at + 1).toLowerCase();
    if ((SUFFIXES as readonly string[]).includes(suffix))
      return { name: key.slice(0, at), suffix: suffix as Suffix };
  }
  return { name: key, suffix: '' };
}

function positiveInt(raw: unknown, fallback: number): number | null {
  const s = text(raw);
  if (s === undefined) return fallback;
  return /^\d{1,9}$/.test(s) && Number(s) >= 1 ? Number(s) : null;
}

/** Wire value → typed value of the column's kind; null when it does not fit. */
function typed(column: Column, raw: string, timeZone: string): string | number | Date | null {
  switch (column.kind) {
    case 'id':
      return raw === '0' || isId(raw) ? raw : null;
    case 'int':
      return /^-?\d{1,15}$/.test(raw) ? Number(raw) : null;
    case 'datetime':
      return parseDateTime(raw, timeZone)?.instant ?? null;
    default:
      return raw;
  }
}

const DAY_MS = 86_400_000;

function filtersFor(column: Column, suffix: Suffix, raw: string, key: string, timeZone: string): Filter[] {
  const invalid = () => badRequest('query.filter', { field: key });
  const isText = column.kind === 'string' || column.kind === 'text';

  if (suffix === 'null' || suffix === 'notnull')
    return [{ column, op: suffix === 'null' ? 'null' : 'notNull', value: null }];

  if (
    suffix === 'dategt' ||
    suffix === 'datelt' ||
    suffix === 'dateequal' ||
    (suffix === '' && column.kind === 'datetime')
  ) {
    if (column.kind !== 'datetime') throw invalid();
    const parsed = parseDateTime(raw, timeZone);
    if (!parsed) throw invalid();
    const start = parsed.instant;
    // A bare date means the whole day: '_dategt=2024-01-01' includes Jan 1, '_datelt=2024-01-31'
    // includes Jan 31 (the console's date-range search sends days).
    if (parsed.dateOnly) {
      const nextDay = new Date(start.getTime() + DAY_MS);
      if (suffix === 'dategt') return [{ column, op: 'gte', value: start }];
      if (suffix === 'datelt') return [{ column, op: 'lt', value: nextDay }];
      return [
        { column, op: 'gte', value: start },
        { column, op: 'lt', value: nextDay },
      ];
    }
    if (suffix === 'dategt') return [{ column, op: 'gt', value: start }];
    if (suffix === 'datelt') return [{ column, op: 'lt', value: start }];
    return [{ column, op: 'equal', value: start }];
  }

  if (suffix === '' || suffix === 'like' || suffix === 'notlike') {
    if (isText) return [{ column, op: suffix === 'notlike' ? 'notContains' : 'contains', value: raw }];
    // Contains on a number or id means equality (BladeX's query wrapper does the same).
    if (suffix === 'notlike') throw invalid();
  }

  const value = typed(column, raw, timeZone);
  if (value === null) throw invalid();
  const op: FilterOp =
    suffix === 'notequal' ? 'notEqual' : suffix === 'gt' ? 'gt' : suffix === 'lt' ? 'lt' : 'equal';
  return [{ column, op, value }];
}

function ordersFor(def: TableDef<unknown>, raw: unknown, direction: 'asc' | 'desc'): Order[] {
  const list = text(raw);
  if (list === undefined) return [];
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((name) => {
      const column = def.byName.get(name);
      if (!column || !column.sort) throw badRequest('query.sort', { field: name });
      return { column, direction };
    });
}

export function parseListQuery<E>(raw: RawQuery, def: TableDef<E>, timeZone: string): ListQuery {
  const current = positiveInt(raw.current, 1);
  if (current === null) throw badRequest('query.current');
  const size = positiveInt(raw.size, DEFAULT_PAGE_SIZE);
  if (size === null || size > MAX_PAGE_SIZE) throw badRequest('query.size', { max: MAX_PAGE_SIZE });

  const filters: Filter[] = [];
  for (const [key, rawValue] of Object.entries(raw)) {
    if (PAGING_KEYS.has(key)) continue;
    const value = text(rawValue);
    if (value === undefined) continue; // empty values are ignored
    const { name, suffix } = splitKey(key);
    const column = def.byName.get(name) ?? def.byName.get(key);
    if (!column || !column.filter || column.writeOnly) continue; // unknown fields are ignored
    filters.push(...filtersFor(column, def.byName.get(name) ? suffix : '', value, key, timeZone));
  }

  const seen = new Set<string>();
  const orders = [
    ...ordersFor(def as TableDef<unknown>, raw.ascs, 'asc'),
    ...ordersFor(def as TableDef<unknown>, raw.descs, 'desc'),
  ].filter((o) => !seen.has(o.column.name) && seen.add(o.column.name));
  return { current, size, filters, orders };
}
