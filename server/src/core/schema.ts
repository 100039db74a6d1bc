// The schema building blocks live in the contract with the entity schemas they build
// (packages/contract/src/schema.ts); the server's modules import them from here as before.
export {
  ANNOTATION_KEYWORDS,
  AuditFieldsSchema,
  Envelope,
  ID_PATTERN,
  IdArray,
  IdQuery,
  IdsQuery,
  IdString,
  IntegerField,
  ListQuerySchema,
  Nullable,
  OptionalIdQuery,
  OptionalText,
  PageOf,
  ParentIdString,
  RequiredText,
  SubmitId,
  TenantIdQuery,
  TreeNodeSchema,
  type FieldText,
} from '@console/contract/schema';
