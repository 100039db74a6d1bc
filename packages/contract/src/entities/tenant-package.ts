import { Type, type Static } from 'typebox';
import { TENANT_PACKAGE_LIMITS } from '../entities.js';
import { AuditFieldsSchema, Nullable, OptionalText, RequiredText, SubmitId } from '../schema.js';

export const TenantPackageSchema = Type.Object({
  ...AuditFieldsSchema,
  packageName: Type.String(),
  menuId: Type.String(),
  remark: Nullable(Type.String()),
});

export type TenantPackage = Static<typeof TenantPackageSchema>;

/** submit: no id creates, an id updates. Fields in the form's order, so messages follow it. */
export const TenantPackageInputSchema = Type.Object(
  {
    id: SubmitId,
    packageName: RequiredText(TENANT_PACKAGE_LIMITS.packageName, {
      label: 'tenantPackage.packageName',
      required: 'tenantPackage.packageName.required',
    }),
    // Comma-joined menu ids (spec §3); the service checks that each names a menu.
    menuId: RequiredText(TENANT_PACKAGE_LIMITS.menuId, {
      label: 'tenantPackage.menuId',
      required: 'tenantPackage.menuId.required',
    }),
    remark: OptionalText(TENANT_PACKAGE_LIMITS.remark, { label: 'tenantPackage.remark' }),
  },
  { additionalProperties: false },
);

export type TenantPackageInput = Static<typeof TenantPackageInputSchema>;
