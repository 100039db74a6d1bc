import {
  MAX_UPLOAD_QUOTA,
  IDLE_TIMEOUT_MINUTES,
  MESSAGE_RETENTION_DAYS,
  PASSWORD_POLICY_LIMITS,
  SINGLE_SESSION,
  TENANT_LIMITS,
} from '../entities.js';
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

export const TenantSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  tenantName: Type.String(),
  domain: Nullable(Type.String()),
  backgroundUrl: Nullable(Type.String()),
  linkman: Nullable(Type.String()),
  contactNumber: Nullable(Type.String()),
  address: Nullable(Type.String()),
  accountNumber: Type.Integer(),
  expireTime: Nullable(Type.String()),
  packageId: Nullable(Type.String()),
  datasourceId: Nullable(Type.String()),
  /** The tenant's storage quota for uploaded files, in bytes. */
  uploadQuota: Type.Integer(),
  /** What the tenant's stored files take now, in bytes (uploads in progress included). */
  uploadUsed: Type.Integer(),
  passwordMinLength: Type.Integer(),
  passwordMinClasses: Type.Integer(),
  passwordHistory: Type.Integer(),
  /** Days its users' messages are kept (MESSAGE_RETENTION_DAYS): older ones are deleted. */
  messageRetentionDays: Type.Integer(),
  /** The single-session policy (SINGLE_SESSION): 0 off, 1 a sign-in ends the older, 2 refuses. */
  singleSession: Type.Integer(),
  /** Minutes without a request of its own after which a session ends (IDLE_TIMEOUT_MINUTES; 0 never). */
  idleTimeoutMinutes: Type.Integer(),
  /** 1: every user must have a TOTP second factor (issue 48); 0: only the holders of roles that say so. */
  totpRequired: Type.Integer(),
});

/**
 * A tenant's password policy as the console reads it before a password is set (PASSWORD_POLICY_DEFAULTS):
 * its numbers only.
 */
export const PasswordPolicySchema = Type.Object({
  minLength: Type.Integer(),
  minClasses: Type.Integer(),
  history: Type.Integer(),
});

/** The public read of a tenant's policy (the registration form, before anyone signs in). */
export const PasswordPolicyQuery = Type.Object({
  tenantId: Type.String({ minLength: 1, maxLength: 12, 'x-label': 'tenant.tenantId' }),
});

/** The login page's tenant info: nothing about licences, limits or packages. */
export const TenantInfoSchema = Type.Object({
  tenantId: Type.Optional(Type.String()),
  tenantName: Type.Optional(Type.String()),
  domain: Type.Optional(Nullable(Type.String())),
  backgroundUrl: Type.Optional(Nullable(Type.String())),
});

/** `select`: a tenant the caller may pick (BladeX's select), nothing about licences, limits or packages. */
export const TenantOptionSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  tenantName: Type.String(),
});

const label = (key: string) => ({ 'x-label': key });

/** A wire date-time ('YYYY-MM-DD HH:mm:ss', or a day), empty or null for none; the service parses it. */
const OptionalDateTime = (key: string) =>
  Type.Optional(Nullable(Type.String({ maxLength: 19, ...label(key) })));

/** Fields of submit whose null means "leave as it is" (see TenantInputSchema). */
export const NULL_MEANS_ABSENT = [
  'accountNumber',
  'status',
  'uploadQuota',
  'passwordMinLength',
  'passwordMinClasses',
  'passwordHistory',
  'messageRetentionDays',
  'singleSession',
  'idleTimeoutMinutes',
  'totpRequired',
] as const;

const policyField = (key: string, range: { min: number; max: number }) =>
  Type.Optional(IntegerField({ label: key }, { minimum: range.min, maximum: range.max }));

/** submit, in the form's order. No id creates and provisions the tenant; an id updates it. */
export const TenantInputSchema = Type.Object(
  {
    id: SubmitId,
    tenantName: RequiredText(TENANT_LIMITS.tenantName, {
      label: 'tenant.tenantName',
      required: 'tenant.tenantName.required',
    }),
    linkman: OptionalText(TENANT_LIMITS.linkman, { label: 'tenant.linkman' }),
    contactNumber: OptionalText(TENANT_LIMITS.contactNumber, { label: 'tenant.contactNumber' }),
    address: OptionalText(TENANT_LIMITS.address, { label: 'tenant.address' }),
    domain: OptionalText(TENANT_LIMITS.domain, { label: 'tenant.domain' }),
    backgroundUrl: OptionalText(TENANT_LIMITS.backgroundUrl, { label: 'tenant.backgroundUrl' }),
    // Integers without a null branch: with type coercion, ajv reads 0 as null in a nullable
    // integer (and null as 0 in a plain one); the route drops nulls before validation instead.
    accountNumber: Type.Optional(
      IntegerField({ label: 'tenant.accountNumber' }, { minimum: -1, maximum: 1_000_000_000 }),
    ),
    expireTime: OptionalDateTime('tenant.expireTime'),
    packageId: SubmitId,
    status: Type.Optional(IntegerField({ label: 'tenant.status' }, { minimum: 0, maximum: 1 })),
    uploadQuota: Type.Optional(
      IntegerField({ label: 'tenant.uploadQuota' }, { minimum: 0, maximum: MAX_UPLOAD_QUOTA }),
    ),
    // The password policy; left out, a new tenant gets the defaults and an update keeps it.
    passwordMinLength: policyField('tenant.passwordMinLength', PASSWORD_POLICY_LIMITS.minLength),
    passwordMinClasses: policyField('tenant.passwordMinClasses', PASSWORD_POLICY_LIMITS.minClasses),
    passwordHistory: policyField('tenant.passwordHistory', PASSWORD_POLICY_LIMITS.history),
    // Left out, a new tenant gets the default and an update keeps it.
    messageRetentionDays: Type.Optional(
      IntegerField(
        { label: 'tenant.messageRetentionDays' },
        { minimum: MESSAGE_RETENTION_DAYS.min, maximum: MESSAGE_RETENTION_DAYS.max },
      ),
    ),
    // Left out, a new tenant has it off and an update keeps it.
    singleSession: Type.Optional(
      IntegerField(
        { label: 'tenant.singleSession' },
        { minimum: SINGLE_SESSION.OFF, maximum: SINGLE_SESSION.REFUSE_NEW },
      ),
    ),
    idleTimeoutMinutes: Type.Optional(
      IntegerField(
        { label: 'tenant.idleTimeoutMinutes' },
        { minimum: IDLE_TIMEOUT_MINUTES.min, maximum: IDLE_TIMEOUT_MINUTES.max },
      ),
    ),
    totpRequired: Type.Optional(IntegerField({ label: 'tenant.totpRequired' }, { minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);

/** A tenant named by its code (6 digits here, up to 12 in BladeX) or its row id. */
const TenantRef = Type.String({
  minLength: 1,
  pattern: '^[0-9A-Za-z_-]{1,19}$',
  ...label('tenant.tenantId'),
});
const OptionalIdOrEmpty = (key: string) =>
  Type.Optional(
    Type.Union([Type.String({ pattern: ID_PATTERN, ...label(key) }), Type.Literal(''), Type.Literal('0')]),
  );

export const TenantInfoQuery = Type.Object({ domain: Type.Optional(Type.String({ maxLength: 1000 })) });
export const TenantRefQuery = Type.Object({ tenantId: TenantRef });

/** setting: query parameters as BladeX takes them. Empty accountNumber: unlimited; empty expireTime: never. */
export const TenantSettingQuery = Type.Object({
  ids: Type.String({ minLength: 1, maxLength: 20_000 }),
  accountNumber: Type.Optional(
    Type.String({ pattern: '^(-1|\\d{1,9})?$', ...label('tenant.accountNumber') }),
  ),
  expireTime: Type.Optional(Type.String({ maxLength: 19, ...label('tenant.expireTime') })),
});

export const TenantDatasourceQuery = Type.Object({
  tenantId: TenantRef,
  datasourceId: OptionalIdOrEmpty('tenant.datasourceId'),
});

export const TenantPackageSettingQuery = Type.Object({
  tenantId: TenantRef,
  packageId: OptionalIdOrEmpty('tenant.packageId'),
});

/**
 * A tenant (blade_tenant); platform-wide rows, the platform administrator's only (S4).
 * `accountNumber` -1 means unlimited; `expireTime` null never expires; `packageId` null means no
 * package (every menu its roles are granted); `uploadQuota` bounds `uploadUsed`, what its uploaded
 * files take (bytes). The licence key never leaves the server.
 */
export type Tenant = Static<typeof TenantSchema>;
/**
 * What `tenant/submit` takes. No id creates the tenant (its tenantId is generated) and provisions
 * it; an id updates. accountNumber, expireTime, packageId and status left out of an update keep
 * their values (the setting and package dialogs change them).
 */
export type TenantInput = Static<typeof TenantInputSchema>;
/** `tenant/info?domain=`: what the login page needs to preset the tenant; `{}` for an unknown domain. */
export type TenantInfo = Static<typeof TenantInfoSchema>;
/** A tenant's password policy (`blade-user/password-policy`, `tenant/password-policy?tenantId=`). */
export type PasswordPolicy = Static<typeof PasswordPolicySchema>;
/** `tenant/select`: the platform administrator's every tenant, another administrator's own. */
export type TenantOption = Static<typeof TenantOptionSchema>;
