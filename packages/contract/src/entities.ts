import type { TreeNode } from './envelope.js';

/** Columns every table carries (contract.md; business-domain.md). */
export interface AuditFields {
  id: string;
  createUser: string | null;
  createDept: string | null;
  createTime: string | null;
  updateUser: string | null;
  updateTime: string | null;
  status: number;
  isDeleted: number;
}

/** A system parameter (blade_param): platform-wide key/value settings. */
/**
 * Who reads a parameter: public ones every signed-in user, private ones the platform administrator
 * only (account.initPassword and anything new unless marked public).
 */
export const PARAM_VISIBILITY = { PRIVATE: 0, PUBLIC: 1 } as const;
export type ParamVisibility = (typeof PARAM_VISIBILITY)[keyof typeof PARAM_VISIBILITY];

export interface Param extends AuditFields {
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string | null;
  visibility: ParamVisibility;
}

/**
 * One user's new password as `user/reset-password` answers it (a list, one per user): random,
 * shown once to whoever reset it, stored only as a hash.
 */
export interface ResetPassword {
  userId: string;
  account: string;
  password: string;
}

/** What `param/submit` takes: no id creates, an id updates. */
export interface ParamInput {
  id?: string | null;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string | null;
  /** Private (0) when left out on create; kept when left out on update. */
  visibility?: ParamVisibility;
}

/** Field limits the server enforces and the console's forms mirror. */
export const PARAM_LIMITS = { paramName: 255, paramKey: 255, paramValue: 65_535, remark: 255 } as const;

/**
 * A node of `menu/routes` and `menu/buttons` (BladeX's MenuVO): menus (category 1) and buttons
 * (category 2) in a tree. `source` names the icon; `meta.i18n` is the key of the console's own
 * translation of the name (the seeded menus' code), so English users see English menu names.
 */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
  hasChildren: boolean;
  children: MenuNode[];
  meta?: MenuMeta;
}

/** Route metadata of a menu (spec §2): a node shows only when `roles` is empty or holds the user's role. */
export interface MenuMeta {
  i18n?: string;
  roles?: string[];
  /** false: visiting the page opens no tab. */
  isTab?: boolean;
  keepAlive?: boolean;
}

/** A top menu (blade_top_menu): a named subset of the menu tree shown in the top bar; platform-wide (S4). */
export interface TopMenu extends AuditFields {
  code: string;
  name: string;
  source: string | null;
  sort: number;
}

/** A tenant package (blade_tenant_package): the menus a tenant may have; menuId is comma-joined ids. */
export interface TenantPackage extends AuditFields {
  packageName: string;
  menuId: string;
  remark: string | null;
}

export interface TenantPackageInput {
  id?: string | null;
  packageName: string;
  menuId: string;
  remark?: string | null;
}

export const TENANT_PACKAGE_LIMITS = { packageName: 50, menuId: 3000, remark: 255 } as const;

/**
 * The signed-in user's own record (`blade-user/info`, BladeX's User in camelCase). Never the
 * password or any hash (security S5). roleId, deptId and postId are comma-joined ids.
 */
export interface UserInfo extends AuditFields {
  tenantId: string;
  code: string | null;
  userType: number;
  account: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  sex: number | null;
  roleId: string | null;
  deptId: string | null;
  postId: string | null;
  /** 1 while locked after too many failed sign-ins. */
  isLocked: number;
}

/** Field limits of `blade-user/update-info`; a non-empty phone has exactly 11 digits. */
export const USER_INFO_LIMITS = { avatar: 2000, name: 20, realName: 10, phone: 11, email: 45 } as const;

/** What `blade-user/update-info` takes: the signed-in user's own details. */
export interface UserInfoInput {
  avatar?: string | null;
  name?: string | null;
  realName?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** What `blade-user/update-password` takes (query parameters in BladeX). */
export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

// ---------------------------------------------------------------------------------------------
// Identity and access (issue 5): departments, posts, roles, menus, top menus, users, data scopes,
// API scopes and clients. Field names are BladeX's (doc/sql of SpringBlade) in camelCase.

/** A department (blade_dept). `ancestors` is the comma-joined ids from the root: `0,<id>,<id>`. */
export interface Dept extends AuditFields {
  tenantId: string;
  parentId: string;
  ancestors: string;
  /** 1 company, 2 department, 3 group (dictionary `org_category`); null when not set. */
  deptCategory: number | null;
  deptName: string;
  fullName: string | null;
  sort: number;
  remark: string | null;
}

/** A department in `dept/list` (a tree) and `dept/lazy-list` (one level, without children). */
export interface DeptNode extends Dept {
  hasChildren: boolean;
  children?: DeptNode[];
}

/** What `dept/submit` takes: no id creates, an id updates (and moves, when parentId changes). */
export interface DeptInput {
  id?: string | null;
  /** The parent department; absent, empty or '0' for a top department. */
  parentId?: string | null;
  deptName: string;
  fullName?: string | null;
  deptCategory?: number | null;
  sort: number;
  remark?: string | null;
}

export const DEPT_LIMITS = { deptName: 45, fullName: 45, remark: 255, ancestors: 2000 } as const;

export const POST_LIMITS = { postCode: 12, postName: 64, remark: 255, maxCategory: 99 } as const;

/** A role (blade_role). Alias `administrator` is the platform administrator, `admin` a tenant's. */
export interface Role extends AuditFields {
  tenantId: string;
  parentId: string;
  roleName: string;
  sort: number;
  roleAlias: string;
}

/** A role in `role/list` (a tree). */
export interface RoleNode extends Role {
  hasChildren: boolean;
  children: RoleNode[];
}

export interface RoleInput {
  id?: string | null;
  parentId?: string | null;
  roleName: string;
  roleAlias: string;
  sort: number;
}

export const ROLE_LIMITS = { roleName: 255, roleAlias: 64 } as const;

/**
 * A role alias is a plain code: letters, digits, `_` and `-`, starting with a letter. Never a list
 * separator: tokens carry aliases joined with commas, and no alias may read as two (security S12).
 */
export const ROLE_ALIAS_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** What `role/grant` takes (a JSON body): the grants of these roles are replaced by these ids. */
export interface RoleGrant {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds?: string[];
  apiScopeIds?: string[];
}

/** `menu/grant-tree`: the choices of the role grant dialog's three tabs. */
export interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

/** `menu/role-tree-keys`: what the roles are granted now, as the trees' keys. */
export interface GrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** `menu/grant-top-tree`: the menus a top menu may list. */
export interface TopGrantTree {
  menu: TreeNode[];
}

/** `menu/top-tree-keys`: the menus the top menus list now. */
export interface TopGrantKeys {
  menu: string[];
}

/** A row of blade_menu: a menu (category 1) or a button (category 2). Platform-wide. */
export interface Menu extends AuditFields {
  parentId: string;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
}

/** A menu in `menu/list` and `menu/menu-list` (trees) and the lazy lists (one level, no children). */
export interface MenuListNode extends Menu {
  hasChildren: boolean;
  children?: MenuListNode[];
}

export interface MenuInput {
  id?: string | null;
  parentId?: string | null;
  code: string;
  name: string;
  alias?: string | null;
  path?: string | null;
  source?: string | null;
  sort: number;
  category: number;
  /** Where a button shows (dictionary button_func): 1 toolbar, 2 row, 3 both; 0 for menus. */
  action?: number;
  isOpen?: number;
  remark?: string | null;
}

export const MENU_LIMITS = { code: 255, name: 255, alias: 255, path: 255, source: 255, remark: 255 } as const;

export interface TopMenuInput {
  id?: string | null;
  code: string;
  name: string;
  source?: string | null;
  sort: number;
}

export const TOP_MENU_LIMITS = { code: 255, name: 255, source: 255 } as const;

/** What `topmenu/grant` takes (a JSON body): the menus these top menus list, replaced. */
export interface TopMenuGrant {
  topMenuIds: string[];
  menuIds: string[];
}

/**
 * A user as the user pages see it (BladeX's UserVO): the user's own record plus the names of the
 * roles, departments and posts it holds (comma-joined). Never a password (S5).
 */
export interface User extends UserInfo {
  roleName: string;
  deptName: string;
  postName: string;
}

/** `blade-user/platform-detail`: the user plus the settings of its platform (userType). */
export interface UserPlatform extends User {
  userExt: string | null;
}

/** What `blade-user/submit` and `blade-user/update` take. */
export interface UserInput {
  id?: string | null;
  account: string;
  /** The MD5 of the typed password (as at sign-in); required when creating, ignored on update. */
  password?: string | null;
  /** The confirmation, compared with `password` when given. */
  password2?: string | null;
  name?: string | null;
  realName?: string | null;
  avatar?: string | null;
  email?: string | null;
  phone?: string | null;
  birthday?: string | null;
  sex?: number | null;
  code?: string | null;
  userType?: number | null;
  /** Comma-joined ids of the caller's tenant. */
  roleId: string;
  deptId: string;
  postId?: string | null;
}

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

/**
 * A data scope (blade_scope_data): a rule for the list whose resource code it names, under a menu.
 * Custom scopes name a column of that list and a comma-joined list of values; never SQL.
 * scopeField and scopeClass are kept for BladeX compatibility and not used.
 */
export interface DataScope extends AuditFields {
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeField: string | null;
  scopeClass: string | null;
  scopeColumn: string | null;
  scopeType: number;
  scopeValue: string | null;
  remark: string | null;
}

export interface DataScopeInput {
  id?: string | null;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeField?: string | null;
  scopeClass?: string | null;
  scopeColumn?: string | null;
  scopeType: number;
  scopeValue?: string | null;
  remark?: string | null;
}

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

/**
 * An API scope (blade_scope_api): when rules cover a path, only roles granted one of them may call
 * it. scopePath is an Ant-style pattern (`*` within a segment, `**` across segments); a pattern
 * without the `/api` prefix is matched below it. scopeMethod (not in BladeX) limits a rule to one
 * HTTP method; empty means every method. scopeType: 1 system, 2 business (dictionary `api_scope_type`).
 */
export interface ApiScope extends AuditFields {
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeMethod: string | null;
  scopeType: number;
  remark: string | null;
}

export interface ApiScopeInput {
  id?: string | null;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopePath: string;
  scopeMethod?: string | null;
  scopeType: number;
  remark?: string | null;
}

/** An OAuth client (blade_client); platform-wide. The secret is write-only (S5). */
export interface Client extends AuditFields {
  clientId: string;
  resourceIds: string | null;
  scope: string;
  authorizedGrantTypes: string;
  webServerRedirectUri: string | null;
  authorities: string | null;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  additionalInformation: string | null;
  autoapprove: string | null;
}

export interface ClientInput {
  id?: string | null;
  clientId: string;
  /** Required when creating; absent or empty on update keeps the stored secret. */
  clientSecret?: string | null;
  resourceIds?: string | null;
  scope: string;
  authorizedGrantTypes: string;
  webServerRedirectUri?: string | null;
  authorities?: string | null;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  additionalInformation?: string | null;
  autoapprove?: string | null;
}

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

/**
 * A tenant (blade_tenant); platform-wide rows, the platform administrator's only (S4).
 * `accountNumber` -1 means unlimited; `expireTime` null never expires; `packageId` null means no
 * package (every menu its roles are granted). The licence key never leaves the server.
 */
export interface Tenant extends AuditFields {
  tenantId: string;
  tenantName: string;
  domain: string | null;
  backgroundUrl: string | null;
  linkman: string | null;
  contactNumber: string | null;
  address: string | null;
  accountNumber: number;
  expireTime: string | null;
  packageId: string | null;
  datasourceId: string | null;
}

/**
 * What `tenant/submit` takes. No id creates the tenant (its tenantId is generated) and provisions
 * it; an id updates. accountNumber, expireTime, packageId and status left out of an update keep
 * their values (the setting and package dialogs change them).
 */
export interface TenantInput {
  id?: string | null;
  tenantName: string;
  domain?: string | null;
  backgroundUrl?: string | null;
  linkman?: string | null;
  contactNumber?: string | null;
  address?: string | null;
  accountNumber?: number | null;
  expireTime?: string | null;
  packageId?: string | null;
  status?: number | null;
}

/** `tenant/info?domain=`: what the login page needs to preset the tenant; `{}` for an unknown domain. */
export interface TenantInfo {
  tenantId?: string;
  tenantName?: string;
  domain?: string | null;
  backgroundUrl?: string | null;
}

export const TENANT_LIMITS = {
  tenantName: 50,
  domain: 255,
  backgroundUrl: 1000,
  linkman: 20,
  contactNumber: 20,
  address: 255,
} as const;

/** Accounts of a tenant: -1 unlimited (blade_tenant.account_number). */
export const UNLIMITED_ACCOUNTS = -1;

/**
 * A dictionary entry (blade_dict, platform-wide; blade_dict_biz, per tenant). A dictionary is a
 * parent (parentId '0', dictKey '-1') and its entries below it, all carrying the parent's code.
 * isSealed 1: the entry cannot be changed or removed until it is unsealed.
 */
export interface Dict extends AuditFields {
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
  isSealed: number;
}

/** An entry in `list` and `child-list` (trees). */
export interface DictNode extends Dict {
  hasChildren: boolean;
  children?: DictNode[];
}

/**
 * What `dict/submit` and `dict-biz/submit` take. Without parentId (or '0') a dictionary (a parent);
 * with one, an entry of that dictionary, whose code is the parent's whatever is sent.
 */
export interface DictInput {
  id?: string | null;
  parentId?: string | null;
  code: string;
  dictKey?: string | null;
  dictValue: string;
  sort: number;
  isSealed: number;
  remark?: string | null;
}

/** `dictionary?code=`: the entries of one dictionary, by sort (the console's select options). */
export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
}

export const DICT_LIMITS = { code: 255, dictKey: 255, dictValue: 255, remark: 255 } as const;

/** The dictKey of a dictionary's parent row (BladeX's). */
export const DICT_PARENT_KEY = '-1';

/**
 * A region of China (blade_region): keyed by its GB/T 2260 code (provinces 2 digits, cities 4,
 * districts 6), under `parentCode` ('00', the country, for provinces). `ancestors` lists the codes
 * from the country down to the parent; the code/name pairs repeat the region's own and its
 * ancestors' per level (1 province … 5 village).
 */
export interface Region {
  code: string;
  parentCode: string;
  ancestors: string;
  name: string;
  level: number;
  sort: number;
  remark: string | null;
  provinceCode: string | null;
  provinceName: string | null;
  cityCode: string | null;
  cityName: string | null;
  districtCode: string | null;
  districtName: string | null;
  townCode: string | null;
  townName: string | null;
  villageCode: string | null;
  villageName: string | null;
}

/**
 * What `region/submit` takes: a code that exists updates that region (its parent cannot change),
 * another creates one under parentCode. Ancestors, level and the code/name pairs are derived.
 */
export interface RegionInput {
  code: string;
  parentCode: string;
  name: string;
  sort: number;
  remark?: string | null;
}

export const REGION_LIMITS = { code: 12, name: 32, remark: 255, ancestors: 255 } as const;

/** The root of the region tree (the country) and its parent. */
export const REGION_ROOT_CODE = '00';
/** Region levels: 0 the country, 1 province … 5 village (dictionary `region`). */
export const REGION_LEVEL = { COUNTRY: 0, PROVINCE: 1, CITY: 2, DISTRICT: 3, TOWN: 4, VILLAGE: 5 } as const;

// ---- Logs (issue 7): blade_log_api, blade_log_error, blade_log_usual. Read-only on the wire. ----

/** The fields every log row carries (BladeX's log tables; no audit columns). */
export interface LogFields {
  id: string;
  tenantId: string;
  serviceId: string | null;
  serverHost: string | null;
  serverIp: string | null;
  env: string | null;
  method: string | null;
  requestUri: string | null;
  userAgent: string | null;
  remoteIp: string | null;
  methodClass: string | null;
  methodName: string | null;
  /** The request's query and body as JSON, passwords, secrets and tokens masked. */
  params: string | null;
  /** api/error: milliseconds taken; usual: when the event happened (YYYY-MM-DD HH:mm:ss). */
  time: string | null;
  /** The account that acted. */
  createBy: string | null;
  createTime: string;
}

export interface LogApi extends LogFields {
  type: string | null;
  title: string | null;
}

export interface LogError extends LogFields {
  stackTrace: string | null;
  exceptionName: string | null;
  message: string | null;
  lineNumber: number | null;
  fileName: string | null;
  /**
   * The failed request's id (its X-Request-Id answer header). A tenant's administrator sees this
   * and a message; stack, file, line, host and address are the platform administrator's only.
   */
  requestId: string | null;
}

export interface LogUsual extends LogFields {
  logLevel: string | null;
  /** What happened: sign-in, sign-out, console (an uploaded local log entry), sms, … */
  logId: string | null;
  logData: string | null;
}

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

export interface Notice extends AuditFields {
  tenantId: string;
  title: string;
  /** A key of the `notice` dictionary. */
  category: number;
  releaseTime: string | null;
  /** Rich text, sanitised by the server on write (security S10). */
  content: string | null;
}

export interface NoticeInput {
  id?: string | null;
  title: string;
  category: number;
  releaseTime?: string | null;
  content?: string | null;
}

export const NOTICE_LIMITS = { title: 255, content: 1_000_000 } as const;

// ---- Resources: object storage, SMS, attachments ----

/** `status` of oss and sms records: BladeX's 1 off, 2 on; one record per tenant is on. */
export const RESOURCE_STATUS = { DISABLED: 1, ENABLED: 2 } as const;

/**
 * Object storage kinds. 1–4 are BladeX's `oss` dictionary (minio, qiniu, ali, tencent); 5 and 6 are
 * new. Every kind but local is reached through its S3-compatible API.
 */
export const OSS_CATEGORY = { MINIO: 1, QINIU: 2, ALI: 3, TENCENT: 4, AMAZON: 5, LOCAL: 6 } as const;
export type OssCategory = (typeof OSS_CATEGORY)[keyof typeof OSS_CATEGORY];

export interface Oss extends AuditFields {
  tenantId: string;
  category: OssCategory;
  ossCode: string;
  endpoint: string | null;
  accessKey: string | null;
  bucketName: string | null;
  appId: string | null;
  region: string | null;
  remark: string | null;
  /** secretKey is write-only (security S5): never answered. */
}

export interface OssInput {
  id?: string | null;
  category: OssCategory;
  ossCode: string;
  endpoint?: string | null;
  accessKey?: string | null;
  /** Absent or empty on an update keeps the stored key. */
  secretKey?: string | null;
  bucketName?: string | null;
  appId?: string | null;
  region?: string | null;
  remark?: string | null;
}

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

/** What `oss/endpoint/put-file` answers (BladeX's BladeFile). */
export interface StoredFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/** SMS providers: 1–4 are BladeX's `sms` dictionary; 5 only records the message (tests, trials). */
export const SMS_CATEGORY = { YUNPIAN: 1, QINIU: 2, ALI: 3, TENCENT: 4, LOG: 5 } as const;
export type SmsCategory = (typeof SMS_CATEGORY)[keyof typeof SMS_CATEGORY];

export interface Sms extends AuditFields {
  tenantId: string;
  category: SmsCategory;
  smsCode: string;
  templateId: string | null;
  accessKey: string | null;
  regionId: string | null;
  /** Tencent's SmsSdkAppId (not in BladeX). */
  appId: string | null;
  signName: string | null;
  remark: string | null;
}

export interface SmsInput {
  id?: string | null;
  category: SmsCategory;
  smsCode: string;
  templateId?: string | null;
  accessKey?: string | null;
  /** Absent or empty on an update keeps the stored key. */
  secretKey?: string | null;
  regionId?: string | null;
  appId?: string | null;
  signName?: string | null;
  remark?: string | null;
}

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

export interface Attach extends AuditFields {
  tenantId: string;
  link: string;
  domain: string | null;
  name: string | null;
  originalName: string | null;
  extension: string | null;
  attachSize: number | null;
}

export interface AttachInput {
  id?: string | null;
  link: string;
  domain?: string | null;
  name?: string | null;
  originalName?: string | null;
  extension?: string | null;
  attachSize?: number | null;
}

export const ATTACH_LIMITS = {
  link: 1000,
  domain: 500,
  name: 500,
  originalName: 500,
  extension: 12,
} as const;
