import { Type, type TSchema } from 'typebox';

// TypeBox building blocks of the entity schemas (one source per entity: the schema is what the
// server validates and answers with, and the TypeScript types both sides use are derived from it).
// Two annotations carry the wording of validation errors: 'x-label' names the field in messages,
// 'x-required' is the message for a missing or blank value (the spec's 请输入参数名称 …). Both are
// keys of the server's message catalogue (server/src/core/i18n.ts and the modules' *.messages.ts); a unit test checks every one.

/** The wording of a field's validation errors: message keys (the server narrows K to its own). */
export interface FieldText<K extends string = string> {
  label: K;
  required?: K;
}

const annotations = (text: FieldText) => ({
  'x-label': text.label,
  ...(text.required ? { 'x-required': text.required } : {}),
});

export const ANNOTATION_KEYWORDS = ['x-label', 'x-required'] as const;

/** The largest BIGINT: ids beyond it are refused before any database sees them. */
export const MAX_ID = '9223372036854775807';

/**
 * A regular expression matching the decimal integers from 1 to `max` without leading zeros, built
 * digit by digit: shorter numbers, then for each position a smaller digit after max's prefix, then
 * max itself.
 */
export function decimalAtMostPattern(max: string): string {
  const width = max.length;
  const alternatives = width > 1 ? [`[1-9]\\d{0,${width - 2}}`] : [];
  for (let i = 0; i < width; i++) {
    const digit = Number(max[i]);
    const lowest = i === 0 ? 1 : 0;
    if (digit <= lowest) continue;
    const range = digit - 1 === lowest ? String(lowest) : `[${lowest}-${digit - 1}]`;
    const rest = width - i - 1;
    alternatives.push(`${max.slice(0, i)}${range}${rest > 0 ? `\\d{${rest}}` : ''}`);
  }
  alternatives.push(max);
  return `^(?:${alternatives.join('|')})$`;
}

/** A 64-bit id as the wire sends it: a decimal string from 1 to the largest BIGINT. */
export const ID_PATTERN = decimalAtMostPattern(MAX_ID);
export const IdString = Type.String({ pattern: ID_PATTERN, 'x-label': 'field.id' });

/**
 * Null first: with type coercion on, ajv would otherwise turn null into "" for the string branch. A
 * nullable number or boolean is validated as a type list (server/src/core/nullable-scalars.ts), so
 * that a 0 or false is not coerced to this null branch.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** A required string that must not be blank. */
export const RequiredText = (maxLength: number, text: FieldText) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...annotations(text) });

/** An optional string (null or absent allowed). */
export const OptionalText = (maxLength: number, text: FieldText) =>
  Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength, ...annotations(text) })]));

/** An integer field with the wording of its messages. */
export const IntegerField = (text: FieldText, range: { minimum?: number; maximum?: number } = {}) =>
  Type.Integer({
    minimum: range.minimum ?? -2_147_483_648,
    maximum: range.maximum ?? 2_147_483_647,
    ...annotations(text),
  });

/** A list of ids in a JSON body (grant calls). */
export const IdArray = (text: FieldText, options: { minItems?: number } = {}) =>
  Type.Array(Type.String({ pattern: ID_PATTERN, 'x-label': text.label }), {
    maxItems: 5000,
    ...(options.minItems ? { minItems: options.minItems } : {}),
    ...annotations(text),
  });

/** The id of a submit body: absent, null or empty creates; an id updates. */
export const SubmitId = Type.Optional(Nullable(Type.Union([IdString, Type.Literal('')])));

/** An optional id in a query: empty means none (consoles send `userId=`). */
export const OptionalIdQuery = (label: string) =>
  Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN, 'x-label': label }), Type.Literal('')]));

/** A parent id in a query or body: an id, or '0' / empty for the root. */
export const ParentIdString = (label: string) =>
  Type.Union([Type.String({ pattern: ID_PATTERN, 'x-label': label }), Type.Literal('0'), Type.Literal('')]);

/** A tenant id in a query (tree calls of the platform administrator). */
export const TenantIdQuery = Type.Optional(Type.String({ maxLength: 12 }));

export const IdQuery = Type.Object({ id: IdString });
export const IdsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 20_000 }) });

/** List calls take current, size, filters and sorts; the server checks them against a table. */
export const ListQuerySchema = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Array(Type.String())]),
);

/** The R envelope around a data schema (response schemas also keep undeclared fields out: S5). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.String() });

export const PageOf = <T extends TSchema>(record: T) =>
  Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
    /** Only when false: `total` is a lower bound, not every match was counted (Page, issue 21). */
    totalExact: Type.Optional(Type.Boolean()),
  });

/** The audit fields every entity answers with. */
export const AuditFieldsSchema = {
  id: Type.String(),
  createUser: Nullable(Type.String()),
  createDept: Nullable(Type.String()),
  createTime: Nullable(Type.String()),
  updateUser: Nullable(Type.String()),
  updateTime: Nullable(Type.String()),
  status: Type.Integer(),
  isDeleted: Type.Integer(),
};

/** A node of the tree calls (the contract's TreeNode). */
export const TreeNodeSchema = Type.Cyclic(
  {
    TreeNode: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      title: Type.String(),
      key: Type.String(),
      value: Type.String(),
      hasChildren: Type.Boolean(),
      children: Type.Optional(Type.Array(Type.Ref('TreeNode'))),
    }),
  },
  'TreeNode',
);
