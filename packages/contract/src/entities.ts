import type { Static, TObject } from 'typebox';
import type { AuditFieldsSchema } from './schema.js';

// Constants of the entities: field limits the server enforces and the console's forms mirror,
// codes and enumerations. No schema code here: the console's first download imports this module
// (through '@console/contract'), the schemas live in ./entities/<area>.ts ('@console/contract/schema').

/** Columns every table carries (contract.md; business-domain.md). */
export type AuditFields = Static<TObject<typeof AuditFieldsSchema>>;

/**
 * A system parameter's (blade_param) visibility. Who reads a parameter: public ones every signed-in user, private ones the platform administrator
 * only (account.initPassword and anything new unless marked public).
 */
export const PARAM_VISIBILITY = { PRIVATE: 0, PUBLIC: 1 } as const;
export type ParamVisibility = (typeof PARAM_VISIBILITY)[keyof typeof PARAM_VISIBILITY];

export const PARAM_LIMITS = { paramName: 255, paramKey: 255, paramValue: 65_535, remark: 255 } as const;

export const TENANT_PACKAGE_LIMITS = { packageName: 50, menuId: 3000, remark: 255 } as const;

/** Field limits of `blade-user/update-info`; a non-empty phone has exactly 11 digits. */
export const USER_INFO_LIMITS = { avatar: 2000, name: 20, realName: 10, phone: 11, email: 45 } as const;

// ---------------------------------------------------------------------------------------------
// Identity and access (issue 5): departments, posts, roles, menus, top menus, users, data scopes,
// API scopes and clients. Field names are BladeX's (doc/sql of SpringBlade) in camelCase.

export const DEPT_LIMITS = { deptName: 45, fullName: 45, remark: 255, ancestors: 2000 } as const;

export const POST_LIMITS = { postCode: 12, postName: 64, remark: 255, maxCategory: 99 } as const;

export const ROLE_LIMITS = { roleName: 255, roleAlias: 64 } as const;

/**
 * A role alias is a plain code: letters, digits, `_` and `-`, starting with a letter. Never a list
 * separator: tokens carry aliases joined with commas, and no alias may read as two (security S12).
 */
export const ROLE_ALIAS_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const MENU_LIMITS = { code: 255, name: 255, alias: 255, path: 255, source: 255, remark: 255 } as const;

export const TOP_MENU_LIMITS = { code: 255, name: 255, source: 255 } as const;

export const USER_LIMITS = {
  account: 45,
  name: 20,
  realName: 10,
  avatar: 2000,
  email: 45,
  phone: 45,
  code: 12,
  ids: 1000,
  userExt: 4000,
} as const;

/** User types (dictionary `user_type`): which platform update-platform's userExt belongs to. */
export const USER_TYPE = { WEB: 1, APP: 2, OTHER: 3 } as const;

/** Data scope types: which rows of a list a role's users see. */
export const DATA_SCOPE_TYPE = {
  /** Every row. */
  ALL: 1,
  /** Rows the user created (column default create_user). */
  OWN: 2,
  /** Rows of the user's department (column default create_dept). */
  OWN_DEPT: 3,
  /** Rows of the user's department and the departments below it (column default create_dept). */
  OWN_DEPT_AND_BELOW: 4,
  /** Rows whose column holds one of the listed values (scopeColumn, scopeValue). */
  CUSTOM: 5,
} as const;

export const SCOPE_LIMITS = {
  resourceCode: 255,
  scopeName: 255,
  scopeField: 255,
  scopeClass: 500,
  scopeColumn: 255,
  scopeValue: 2000,
  scopePath: 255,
  remark: 255,
} as const;

export const CLIENT_LIMITS = {
  clientId: 48,
  clientSecret: 256,
  resourceIds: 256,
  scope: 256,
  authorizedGrantTypes: 256,
  webServerRedirectUri: 256,
  authorities: 256,
  additionalInformation: 4096,
  autoapprove: 256,
} as const;

// ---------------------------------------------------------------------------------------------
// Tenancy and reference data (issue 6): tenants, dictionaries (system and business) and regions.
// Field names are BladeX's (blade_tenant, blade_dict, blade_dict_biz, blade_region) in camelCase.

export const TENANT_LIMITS = {
  tenantName: 50,
  domain: 255,
  backgroundUrl: 1000,
  linkman: 20,
  contactNumber: 20,
  address: 255,
} as const;

/**
 * A tenant's password policy (issue 44): the console checks a typed password against it before it
 * hashes it (the server sees only the MD5). `minClasses` counts the classes lower case, upper case,
 * digits and symbols (anything else); `history` is how many of the user's latest passwords the
 * server refuses to take again (0: none). New tenants get the defaults.
 */
export const PASSWORD_POLICY_DEFAULTS = { minLength: 8, minClasses: 2, history: 5 } as const;
/** The values a tenant's policy may take (both ends included). */
export const PASSWORD_POLICY_LIMITS = {
  minLength: { min: 6, max: 64 },
  minClasses: { min: 1, max: 4 },
  history: { min: 0, max: 24 },
} as const;

/** Accounts of a tenant: -1 unlimited (blade_tenant.account_number). */
export const UNLIMITED_ACCOUNTS = -1;

/**
 * A tenant's storage quota for uploaded files (blade_tenant.upload_quota, bytes): 1 GB unless the
 * platform administrator sets another, at most 1 PB.
 */
export const DEFAULT_UPLOAD_QUOTA = 1024 ** 3;
export const MAX_UPLOAD_QUOTA = 1024 ** 5;

/**
 * How many days a tenant keeps its users' messages (blade_tenant.message_retention_days, issue 47):
 * the server deletes older ones (decision 0037, "Retention"). New and existing tenants get 90.
 */
export const MESSAGE_RETENTION_DAYS = { default: 90, min: 1, max: 3650 } as const;

/**
 * A tenant's single-session policy (blade_tenant.single_session, issue 48): off (an account may be
 * signed in several times), a new sign-in ends the account's older sessions (they are told why), or
 * a new sign-in is refused while one lives. Off for new and existing tenants.
 */
export const SINGLE_SESSION = { OFF: 0, END_OLDER: 1, REFUSE_NEW: 2 } as const;
export type SingleSessionPolicy = (typeof SINGLE_SESSION)[keyof typeof SINGLE_SESSION];

/**
 * A tenant's idle timeout (blade_tenant.idle_timeout_minutes, issue 48): a session without a request
 * of its own for longer than this many minutes ends (0: never). The token refresh and the event
 * stream are not the person's own requests, nor a call the console marks with BACKGROUND_HEADER.
 */
export const IDLE_TIMEOUT_MINUTES = { default: 0, min: 0, max: 1440 } as const;

/** A request the console makes by itself (a page's periodic refresh): not the person's activity. */
export const BACKGROUND_HEADER = 'x-background-request';

/** The avatar a user uploads for themselves (spec §9): a jpg or png of at most 500 KB. */
export const AVATAR_LIMITS = { maxBytes: 500 * 1024, extensions: ['jpg', 'jpeg', 'png'] } as const;

export const DICT_LIMITS = { code: 255, dictKey: 255, dictValue: 255, remark: 255 } as const;

/** The dictKey of a dictionary's parent row (BladeX's). */
export const DICT_PARENT_KEY = '-1';

export const REGION_LIMITS = { code: 12, name: 32, remark: 255, ancestors: 255 } as const;

/** The root of the region tree (the country) and its parent. */
export const REGION_ROOT_CODE = '00';
/** Region levels: 0 the country, 1 province … 5 village (dictionary `region`). */
export const REGION_LEVEL = { COUNTRY: 0, PROVINCE: 1, CITY: 2, DISTRICT: 3, TOWN: 4, VILLAGE: 5 } as const;

// ---- Logs (issue 7): blade_log_api, blade_log_error, blade_log_usual; their schemas in ./entities/log.ts. ----

/** An entry of the console's local error log (spec §3), as `POST oauth/logout` uploads them. */
export interface LocalLogEntry {
  type: string;
  message: string;
  stack?: string | null;
  info?: string | null;
  url?: string | null;
  time?: string | null;
}

/** At most this many local log entries in one upload. */
export const LOCAL_LOG_MAX_ENTRIES = 200;

// ---- Notices (blade_notice) ----

/** `audienceIds`: the comma-joined role or department ids (about 200 of them). */
export const NOTICE_LIMITS = { title: 255, content: 1_000_000, audienceIds: 4000 } as const;

/**
 * Who a notice is addressed to, and so who is sent its message when it is published (decision
 * 0038): every user of the tenant, the holders of some roles, or the members of some departments.
 */
export const NOTICE_AUDIENCES = ['all', 'roles', 'depts'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

// ---- Messages (消息中心, issue 47) ----

/**
 * What a message is about: a published notice, a workflow task, a refund to review, a machine, or
 * the system itself. The top bar's popover shows notices under 通知, tasks, refunds and machines
 * under 消息, and the system's under 邮件 (`MESSAGE_TABS`).
 */
export const MESSAGE_KINDS = ['notice', 'task', 'refund', 'machine', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The popover's three tabs (spec: 邮件, 消息, 通知) and the kinds each shows. */
export const MESSAGE_TABS = {
  mail: ['system'],
  message: ['task', 'refund', 'machine'],
  notice: ['notice'],
} as const satisfies Record<string, readonly MessageKind[]>;

/** A message's title and link as stored; the body is a notice's content at most. */
export const MESSAGE_LIMITS = {
  title: 255,
  link: 255,
  body: 1_000_000,
  idsPerCall: 1000,
  /** The largest file a message carries (a scheduled report's .xlsx), in bytes. */
  fileBytes: 8 * 1024 * 1024,
} as const;

// ---- Resources: object storage, SMS, attachments ----

/** `status` of oss and sms records: BladeX's 1 off, 2 on; one record per tenant is on. */
export const RESOURCE_STATUS = { DISABLED: 1, ENABLED: 2 } as const;

/**
 * Object storage kinds. 1–4 are BladeX's `oss` dictionary (minio, qiniu, ali, tencent); 5 and 6 are
 * new. Every kind but local is reached through its S3-compatible API.
 */
export const OSS_CATEGORY = { MINIO: 1, QINIU: 2, ALI: 3, TENCENT: 4, AMAZON: 5, LOCAL: 6 } as const;
export type OssCategory = (typeof OSS_CATEGORY)[keyof typeof OSS_CATEGORY];

export const OSS_LIMITS = {
  ossCode: 32,
  endpoint: 255,
  accessKey: 255,
  secretKey: 500,
  bucketName: 255,
  appId: 255,
  region: 255,
  remark: 255,
} as const;

/** SMS providers: 1–4 are BladeX's `sms` dictionary; 5 only records the message (tests, trials). */
export const SMS_CATEGORY = { YUNPIAN: 1, QINIU: 2, ALI: 3, TENCENT: 4, LOG: 5 } as const;
export type SmsCategory = (typeof SMS_CATEGORY)[keyof typeof SMS_CATEGORY];

export const SMS_LIMITS = {
  smsCode: 32,
  templateId: 64,
  accessKey: 255,
  secretKey: 500,
  regionId: 255,
  appId: 255,
  signName: 64,
  remark: 255,
} as const;

export const ATTACH_LIMITS = {
  link: 1000,
  domain: 500,
  name: 500,
  originalName: 500,
  extension: 12,
} as const;
