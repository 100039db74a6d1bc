import * as contract from '@console/contract/schema';
import type { MessageKey } from './i18n.js';

// The schema building blocks live in the contract with the entity schemas they build
// (packages/contract/src/schema.ts); the server's modules import them from here. The contract
// cannot see the server's catalogue, so its helpers take any string as a message key (a unit test,
// schema-messages.test.ts, checks the contract's); here the helpers that take message keys accept
// only the server's, so a route's own schema with a wrong key does not compile.

export {
  ANNOTATION_KEYWORDS,
  AuditFieldsSchema,
  Envelope,
  ID_PATTERN,
  IdQuery,
  IdsQuery,
  IdString,
  ListQuerySchema,
  Nullable,
  PageOf,
  SubmitId,
  TenantIdQuery,
  TreeNodeSchema,
} from '@console/contract/schema';

/** The wording of a field's validation errors: keys of the server's messages. */
export type FieldText = contract.FieldText<MessageKey>;

export const RequiredText: (maxLength: number, text: FieldText) => ReturnType<typeof contract.RequiredText> =
  contract.RequiredText;
export const OptionalText: (maxLength: number, text: FieldText) => ReturnType<typeof contract.OptionalText> =
  contract.OptionalText;
export const IntegerField: (
  text: FieldText,
  range?: { minimum?: number; maximum?: number },
) => ReturnType<typeof contract.IntegerField> = contract.IntegerField;
export const IdArray: (
  text: FieldText,
  options?: { minItems?: number },
) => ReturnType<typeof contract.IdArray> = contract.IdArray;
export const OptionalIdQuery: (label: MessageKey) => ReturnType<typeof contract.OptionalIdQuery> =
  contract.OptionalIdQuery;
export const ParentIdString: (label: MessageKey) => ReturnType<typeof contract.ParentIdString> =
  contract.ParentIdString;
