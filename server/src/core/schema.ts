import { Type, type TSchema } from 'typebox';
import type { MessageKey } from './i18n.js';
import { decimalAtMostPattern, MAX_ID } from './ids.js';

// Schema helpers for route declarations. Two annotations carry the wording of validation errors:
// 'x-label' names the field in messages, 'x-required' is the message for a missing or blank value
// (the spec's 请输入参数名称 …). errors-to-response.ts reads them back from ajv's verbose errors.

export interface FieldText {
  label: MessageKey;
  required?: MessageKey;
}

const annotations = (text: FieldText) => ({
  'x-label': text.label,
  ...(text.required ? { 'x-required': text.required } : {}),
});

/** A required string that must not be blank. */
export const RequiredText = (maxLength: number, text: FieldText) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...annotations(text) });

/** An optional string (null or absent allowed). */
export const OptionalText = (maxLength: number, text: FieldText) =>
  Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength, ...annotations(text) })]));

/** A 64-bit id as the wire sends it: a decimal string from 1 to the largest BIGINT. */
export const ID_PATTERN = decimalAtMostPattern(MAX_ID);
export const IdString = Type.String({ pattern: ID_PATTERN, 'x-label': 'field.id' as MessageKey });

export const IdQuery = Type.Object({ id: IdString });
export const IdsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 20_000 }) });

/** List calls take current, size, filters and sorts; parseListQuery checks them against a table. */
export const ListQuerySchema = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Array(Type.String())]),
);

export const ANNOTATION_KEYWORDS = ['x-label', 'x-required'] as const;

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
  });

// Null first: with type coercion on, ajv would otherwise turn null into "" for the string branch.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

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

export { Nullable };

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

/** An optional id in a query: empty means none (consoles send `userId=`). */
export const OptionalIdQuery = (label: MessageKey) =>
  Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN, 'x-label': label }), Type.Literal('')]));

/** A parent id in a query or body: an id, or '0' / empty for the root. */
export const ParentIdString = (label: MessageKey) =>
  Type.Union([Type.String({ pattern: ID_PATTERN, 'x-label': label }), Type.Literal('0'), Type.Literal('')]);

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

/** A tenant id in a query (tree calls of the platform administrator). */
export const TenantIdQuery = Type.Optional(Type.String({ maxLength: 12 }));
