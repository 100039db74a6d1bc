import { SCOPE_LIMITS } from '../entities.js';
import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  ID_PATTERN,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

const MenuIdField = Type.String({
  pattern: ID_PATTERN,
  'x-label': 'scope.menuId',
  'x-required': 'scope.menuId.required',
});

const common = {
  id: SubmitId,
  menuId: MenuIdField,
  resourceCode: RequiredText(SCOPE_LIMITS.resourceCode, {
    label: 'scope.resourceCode',
    required: 'scope.resourceCode.required',
  }),
  scopeName: RequiredText(SCOPE_LIMITS.scopeName, {
    label: 'scope.scopeName',
    required: 'scope.scopeName.required',
  }),
};

export const DataScopeSchema = Type.Object({
  ...AuditFieldsSchema,
  menuId: Type.String(),
  resourceCode: Type.String(),
  scopeName: Type.String(),
  scopeField: Nullable(Type.String()),
  scopeClass: Nullable(Type.String()),
  scopeColumn: Nullable(Type.String()),
  scopeType: Type.Integer(),
  scopeValue: Nullable(Type.String()),
  remark: Nullable(Type.String()),
});

/** data-scope/submit, in the form's order. Types: 1 all, 2 own, 3 own dept, 4 own dept and below, 5 custom. */
export const DataScopeInputSchema = Type.Object(
  {
    ...common,
    scopeField: OptionalText(SCOPE_LIMITS.scopeField, { label: 'scope.scopeField' }),
    scopeClass: OptionalText(SCOPE_LIMITS.scopeClass, { label: 'scope.scopeClass' }),
    scopeColumn: OptionalText(SCOPE_LIMITS.scopeColumn, { label: 'scope.scopeColumn' }),
    scopeType: IntegerField(
      { label: 'scope.scopeType', required: 'scope.scopeType.required' },
      { minimum: 1, maximum: 5 },
    ),
    scopeValue: OptionalText(SCOPE_LIMITS.scopeValue, { label: 'scope.scopeValue' }),
    remark: OptionalText(SCOPE_LIMITS.remark, { label: 'scope.remark' }),
  },
  { additionalProperties: false },
);

export const ApiScopeSchema = Type.Object({
  ...AuditFieldsSchema,
  menuId: Type.String(),
  resourceCode: Type.String(),
  scopeName: Type.String(),
  scopePath: Type.String(),
  scopeMethod: Nullable(Type.String()),
  scopeType: Type.Integer(),
  remark: Nullable(Type.String()),
});

/** api-scope/submit, in the form's order. scopeType: 1 system, 2 business. */
export const ApiScopeInputSchema = Type.Object(
  {
    ...common,
    scopePath: RequiredText(SCOPE_LIMITS.scopePath, {
      label: 'scope.scopePath',
      required: 'scope.scopePath.required',
    }),
    scopeMethod: Type.Optional(
      Nullable(
        Type.Union([
          Type.Literal(''),
          Type.String({
            pattern: '^(GET|POST|PUT|PATCH|DELETE|get|post|put|patch|delete)$',
            'x-label': 'scope.scopeMethod',
          }),
        ]),
      ),
    ),
    scopeType: IntegerField(
      { label: 'scope.scopeType', required: 'scope.scopeType.required' },
      { minimum: 1, maximum: 2 },
    ),
    remark: OptionalText(SCOPE_LIMITS.remark, { label: 'scope.remark' }),
  },
  { additionalProperties: false },
);

/**
 * A data scope (blade_scope_data): a rule for the list whose resource code it names, under a menu.
 * Custom scopes name a column of that list and a comma-joined list of values; never SQL.
 * scopeField and scopeClass are kept for BladeX compatibility and not used.
 */
export type DataScope = Static<typeof DataScopeSchema>;
export type DataScopeInput = Static<typeof DataScopeInputSchema>;
/**
 * An API scope (blade_scope_api): when rules cover a path, only roles granted one of them may call
 * it. scopePath is an Ant-style pattern (`*` within a segment, `**` across segments); a pattern
 * without the `/api` prefix is matched below it. scopeMethod (not in BladeX) limits a rule to one
 * HTTP method; empty means every method. scopeType: 1 system, 2 business (dictionary `api_scope_type`).
 */
export type ApiScope = Static<typeof ApiScopeSchema>;
export type ApiScopeInput = Static<typeof ApiScopeInputSchema>;
