import type { CodeColumn } from '@console/contract';
import { CODE_NAME_PATTERNS } from '@console/contract/schema';
import { badRequest } from '../../../../core/errors.js';
import { identifier } from './source-text.js';

// What the generator makes of a code record before it writes a line: the module's names in each
// case, and each column as a field of this project (its kind on the wire, in the table definition
// and in the migration). Refusals are 400s naming the column or the name. The names are written
// into the files as they are, so each is checked here, whatever way the record was stored; the
// texts (title, labels) go through source-text.ts where they are written.

/** What the generator writes for: a code record, its menu parent's code, and the moment (names the migration). */
export interface GeneratorInput {
  moduleName: string;
  tableName: string;
  apiPrefix: string;
  pageTitle: string;
  /** The code of the menu the page goes under (a group such as `business`); null: the top level. */
  menuParentCode: string | null;
  columns: readonly CodeColumn[];
  now: Date;
}

/** One file of a generated module, by its path from the project's root. */
export interface GeneratedFile {
  path: string;
  content: string;
}

/**
 * How a column is kept: `string` (varchar), `text`, `int`, `bigint` (a 64-bit id, a string on the
 * wire), `decimal` (a number on the wire), `date` ('YYYY-MM-DD' text) and `datetime` (an instant,
 * 'YYYY-MM-DD HH:mm:ss' in the server's time zone on the wire).
 */
export type FieldKind = 'string' | 'text' | 'int' | 'bigint' | 'decimal' | 'date' | 'datetime';

export interface FieldPlan {
  column: string;
  field: string;
  /** The grid's label (the Chinese text), and the English one made from the column's name. */
  label: string;
  english: string;
  kind: FieldKind;
  /** Longest text (string and text). */
  length: number;
  required: boolean;
  searchable: boolean;
  inTable: boolean;
  /** The form's control: `select` or `radio` only with a dictionary. */
  control: 'input' | 'textarea' | 'number' | 'select' | 'radio';
  dict: string | null;
}

export interface ModulePlan {
  /** cabinet-door: folders and files. */
  kebab: string;
  /** cabinetDoor: variables and message keys. */
  camel: string;
  /** CabinetDoor: types and classes. */
  pascal: string;
  /** cabinet_door: the menu's code and the buttons' prefix. */
  code: string;
  /** CABINET_DOOR: constants. */
  constant: string;
  table: string;
  prefix: string;
  title: string;
  englishTitle: string;
  parentCode: string | null;
  fields: FieldPlan[];
  /** yyyyMMddHHmmss (UTC): the migration's name. */
  stamp: string;
  /** `<stamp>-<kebab>`. */
  migration: string;
}

/** The columns the project's helpers add to every table (withId, withAudit, the tenant): left out. */
export const HELPER_COLUMNS = new Set([
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
]);

/** Names the list call reads as paging and sorting (core/list-query.ts): no field may take them. */
const LIST_PARAMETERS = new Set(['current', 'size', 'ascs', 'descs']);

/** A column name whose wire field maps back to it (cabinet_name ⇄ cabinetName: core/repository/table.ts). */
const COLUMN_NAME = /^[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*$/;

/** A name of the record as submit allows it (the contract's pattern). */
const isName = (kind: keyof typeof CODE_NAME_PATTERNS, value: string) =>
  new RegExp(CODE_NAME_PATTERNS[kind]).test(value);

const TEXT_LIMIT = 65_535;
const STRING_DEFAULT = 255;
/** Longer varchars become text columns (MySQL's row and index limits). */
const STRING_LONGEST = 2000;

const words = (kebab: string) => kebab.split('-');
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const camelOf = (kebab: string) =>
  words(kebab)
    .map((word, i) => (i === 0 ? word : capital(word)))
    .join('');

const fieldOf = (column: string) => column.replace(/_([a-z])/g, (_whole, c: string) => c.toUpperCase());

/** 'cabinet_name' → 'Cabinet name'. */
const sentence = (name: string) => capital(name.replace(/[_-]+/g, ' ').trim());

/** The kind of a column from the type its engine reports (Kysely's introspection on each engine). */
export function kindOf(dataType: string): { kind: FieldKind; length: number } | null {
  const type = dataType
    .trim()
    .toLowerCase()
    .replace(/\s+unsigned\b|\s+zerofill\b/g, '');
  const match = /^([a-z][a-z0-9 ]*?)\s*(?:\(\s*(\d+)\s*(?:,\s*\d+\s*)?\))?(?:\[\])?$/.exec(type);
  const base = match?.[1] ?? type;
  const size = match?.[2] ? Number(match[2]) : undefined;
  if (
    /^(tinyint|smallint|mediumint|int|integer|int2|int4|serial|smallserial|bool|boolean|bit|year)$/.test(base)
  )
    return { kind: 'int', length: 0 };
  if (/^(bigint|int8|bigserial)$/.test(base)) return { kind: 'bigint', length: 0 };
  if (/^(decimal|numeric|real|float|float4|float8|double|double precision|money)$/.test(base))
    return { kind: 'decimal', length: 0 };
  if (/^(text|tinytext|mediumtext|longtext|clob|json|jsonb|xml)$/.test(base))
    return { kind: 'text', length: TEXT_LIMIT };
  if (base === 'date') return { kind: 'date', length: 10 };
  if (/^(datetime|timestamp|timestamptz|timestamp with(out)? time zone)$/.test(base))
    return { kind: 'datetime', length: 0 };
  if (/(blob|binary|bytea|geometry|point|polygon)/.test(base)) return null;
  if (base === 'uuid') return { kind: 'string', length: 36 };
  const length = size ?? STRING_DEFAULT;
  return length > STRING_LONGEST ? { kind: 'text', length: TEXT_LIMIT } : { kind: 'string', length };
}

function fieldPlan(column: CodeColumn): FieldPlan {
  const badName = () => badRequest('code.column.name', { name: column.name });
  if (!COLUMN_NAME.test(column.name) || LIST_PARAMETERS.has(column.name)) throw badName();
  const type = kindOf(column.dataType);
  if (!type) throw badRequest('code.column.type', { name: column.name, type: column.dataType });
  const dict = column.dict || null;
  if (dict !== null && !isName('dict', dict))
    throw badRequest('code.column.dict', { name: column.name, dict });
  const numeric = type.kind === 'int' || type.kind === 'decimal';
  const control =
    dict !== null
      ? column.control === 'radio'
        ? 'radio'
        : 'select'
      : column.control === 'textarea'
        ? 'textarea'
        : column.control === 'number' && numeric
          ? 'number'
          : type.kind === 'text'
            ? 'textarea'
            : numeric
              ? 'number'
              : 'input';
  return {
    column: column.name,
    field: identifier(fieldOf(column.name), badName),
    label: column.label.trim() || column.name,
    english: sentence(column.name),
    kind: type.kind,
    length: type.length,
    required: column.required,
    searchable: column.searchable,
    inTable: column.inTable,
    control,
    dict,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The plan of a module; a 400 for a record the generator cannot write. */
export function planModule(input: GeneratorInput): ModulePlan {
  if (!isName('moduleName', input.moduleName))
    throw badRequest('code.moduleName.invalid', { name: input.moduleName });
  if (!isName('tableName', input.tableName))
    throw badRequest('code.tableName.invalid', { name: input.tableName });
  if (!isName('apiPrefix', input.apiPrefix))
    throw badRequest('code.apiPrefix.invalid', { prefix: input.apiPrefix });
  const fields = input.columns.filter((column) => !HELPER_COLUMNS.has(column.name)).map(fieldPlan);
  if (fields.length === 0) throw badRequest('code.columns.none', { table: input.tableName });
  const badModule = () => badRequest('code.moduleName.invalid', { name: input.moduleName });
  const camel = identifier(camelOf(input.moduleName), badModule);
  const code = identifier(input.moduleName.replace(/-/g, '_'), badModule);
  const now = input.now;
  const stamp =
    `${pad(now.getUTCFullYear(), 4)}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}` +
    `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  return {
    kebab: input.moduleName,
    camel,
    pascal: capital(camel),
    code,
    constant: code.toUpperCase(),
    // Also a property name of the Database type (the repository's file): the pattern is an identifier's.
    table: input.tableName,
    prefix: input.apiPrefix,
    title: input.pageTitle.trim(),
    englishTitle: sentence(input.moduleName),
    parentCode: input.menuParentCode,
    fields,
    stamp,
    migration: `${stamp}-${input.moduleName}`,
  };
}
