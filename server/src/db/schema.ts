// Row types as the drivers hand them back. Drivers differ: SQLite gives bigint for every integer,
// PostgreSQL strings for BIGINT, MySQL strings (bigNumberStrings); dates are Date or ISO text.
// Repositories convert rows by column kind (core/repository/table.ts), so these stay honest.
import type { Generated } from 'kysely';

export type DbId = string | bigint;
export type DbInt = number | bigint | string;
export type DbDate = Date | string;

/** The columns every table carries. */
export interface AuditColumns {
  id: DbId;
  create_user: DbId | null;
  create_dept: DbId | null;
  create_time: DbDate | null;
  update_user: DbId | null;
  update_time: DbDate | null;
  status: DbInt;
  is_deleted: DbInt;
}

export interface TenantScoped {
  tenant_id: string;
}

export interface TenantTable extends AuditColumns {
  tenant_id: string;
  tenant_name: string;
  domain: string | null;
  background_url: string | null;
  linkman: string | null;
  contact_number: string | null;
  address: string | null;
  account_number: DbInt;
  expire_time: DbDate | null;
  package_id: DbId | null;
  datasource_id: DbId | null;
  license_key: string | null;
  /** The tenant's storage quota in bytes (migration 0017; 1 GB by default). */
  upload_quota: Generated<DbInt>;
  /** What the tenant's stored files take, in bytes, uploads in flight included (migration 0017). */
  upload_used: Generated<DbInt>;
  /** The password policy (migration 0016): minimum length, character classes, passwords not reused. */
  password_min_length: Generated<DbInt>;
  password_min_classes: Generated<DbInt>;
  password_history: Generated<DbInt>;
  /** Days its users' messages are kept (migration 0021; 90 by default). */
  message_retention_days: Generated<DbInt>;
  /** The single-session policy (migration 0022): 0 off, 1 a sign-in ends the older, 2 refuses. */
  single_session: Generated<DbInt>;
  /** Minutes without a request of its own after which a session ends (migration 0022; 0 off). */
  idle_timeout_minutes: Generated<DbInt>;
  /** Every user must have a TOTP second factor (migration 0023; 0 or 1). */
  totp_required: Generated<DbInt>;
}

export interface ClientTable extends AuditColumns {
  client_id: string;
  client_secret: string;
  resource_ids: string | null;
  scope: string;
  authorized_grant_types: string;
  web_server_redirect_uri: string | null;
  authorities: string | null;
  access_token_validity: DbInt;
  refresh_token_validity: DbInt;
  additional_information: string | null;
  autoapprove: string | null;
}

/** Data sources (migration 0012): platform-wide; the password sealed (core/secret-box.ts). */
export interface DatasourceTable extends AuditColumns {
  name: string;
  kind: string;
  host: string | null;
  port: DbInt | null;
  database: string;
  username: string | null;
  password: string | null;
  options: string | null;
  remark: string | null;
}

/** Code generation records (migration 0012): platform-wide; `columns` is the column grid as JSON. */
export interface CodeTable extends AuditColumns {
  code_name: string;
  datasource_id: DbId;
  table_name: string;
  module_name: string;
  api_prefix: string;
  menu_parent_id: DbId | null;
  page_title: string;
  columns: string;
}

export interface DeptTable extends AuditColumns, TenantScoped {
  parent_id: DbId;
  ancestors: string;
  dept_category: DbInt | null;
  dept_name: string;
  full_name: string | null;
  sort: DbInt;
  remark: string | null;
}

export interface RoleTable extends AuditColumns, TenantScoped {
  parent_id: DbId;
  role_name: string;
  sort: DbInt;
  role_alias: string;
  /** The role's holders must have a TOTP second factor (migration 0023; 0 or 1). */
  totp_required: Generated<DbInt>;
}

export interface UserTable extends AuditColumns, TenantScoped {
  code: string | null;
  user_type: DbInt;
  account: string;
  password: string;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: DbDate | null;
  sex: DbInt | null;
  role_id: string | null;
  dept_id: string | null;
  post_id: string | null;
  is_locked: DbInt;
  token_valid_after: DbDate | null;
  /** 1: the next sign-in must change the password before anything else (migration 0016). */
  password_change_required: Generated<DbInt>;
}

/** A user's recent password hashes, kept to the tenant's count (migration 0016). */
export interface UserPasswordHistoryTable {
  id: DbId;
  tenant_id: string;
  user_id: DbId;
  password: string;
  create_time: DbDate;
}

export interface MenuTable extends AuditColumns {
  parent_id: DbId;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: DbInt;
  category: DbInt;
  action: DbInt;
  is_open: DbInt;
  remark: string | null;
}

export interface RoleMenuTable {
  id: DbId;
  menu_id: DbId;
  role_id: DbId;
}

export interface TopMenuTable extends AuditColumns {
  code: string;
  name: string;
  source: string | null;
  sort: DbInt;
}

export interface TopMenuSettingTable {
  id: DbId;
  top_menu_id: DbId;
  menu_id: DbId;
}

export interface TenantPackageTable extends AuditColumns {
  package_name: string;
  /** Comma-joined menu ids. */
  menu_id: string;
  remark: string | null;
}

export interface ParamTable extends AuditColumns {
  param_name: string;
  param_key: string;
  param_value: string;
  remark: string | null;
  /** 1 public (every signed-in user reads it), 0 private (the platform administrator only). */
  visibility: DbInt;
}

export interface UserOauthTable {
  id: DbId;
  tenant_id: string;
  source: string;
  uuid: string;
  user_id: DbId | null;
  username: string | null;
  nickname: string | null;
  avatar: string | null;
  email: string | null;
  create_time: DbDate | null;
  update_time: DbDate | null;
}

export interface PostTable extends AuditColumns, TenantScoped {
  category: DbInt | null;
  post_code: string;
  post_name: string;
  sort: DbInt;
  remark: string | null;
}

/** Report definitions (issue 19): the definition is JSON over a data set declared in code. */
export interface ReportTable extends AuditColumns, TenantScoped {
  name: string;
  data_set: string;
  definition: string;
  author: string | null;
}

export interface ScopeDataTable extends AuditColumns {
  menu_id: DbId;
  resource_code: string;
  scope_name: string;
  scope_field: string | null;
  scope_class: string | null;
  scope_column: string | null;
  scope_type: DbInt;
  scope_value: string | null;
  remark: string | null;
}

export interface ScopeApiTable extends AuditColumns {
  menu_id: DbId;
  resource_code: string;
  scope_name: string;
  scope_path: string;
  scope_method: string | null;
  scope_type: DbInt;
  remark: string | null;
}

export interface RoleScopeTable {
  id: DbId;
  /** 1 data scope, 2 API scope. */
  scope_category: DbInt;
  scope_id: DbId;
  role_id: DbId;
}

export interface UserPlatformTable {
  id: DbId;
  tenant_id: string;
  user_id: DbId;
  user_type: DbInt;
  user_ext: string | null;
}

export interface DictTable extends AuditColumns {
  parent_id: DbId;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: DbInt;
  remark: string | null;
  is_sealed: DbInt;
}

export interface DictBizTable extends DictTable, TenantScoped {}

/** Regions are keyed by their code (BladeX's blade_region): no id, no audit columns, no soft delete. */
export interface RegionTable {
  code: string;
  parent_code: string;
  ancestors: string;
  name: string;
  province_code: string | null;
  province_name: string | null;
  city_code: string | null;
  city_name: string | null;
  district_code: string | null;
  district_name: string | null;
  town_code: string | null;
  town_name: string | null;
  village_code: string | null;
  village_name: string | null;
  level: DbInt;
  sort: DbInt;
  remark: string | null;
}

/** blade_log_api, blade_log_error, blade_log_usual: append-only, no audit columns (BladeX). */
export interface LogColumns {
  id: DbId;
  tenant_id: string;
  service_id: string | null;
  server_host: string | null;
  server_ip: string | null;
  env: string | null;
  method: string | null;
  request_uri: string | null;
  user_agent: string | null;
  remote_ip: string | null;
  method_class: string | null;
  method_name: string | null;
  params: string | null;
  time: string | null;
  create_by: string | null;
  create_time: DbDate;
}

/** A live sign-in session (migration 0022): removed when it ends. */
export interface OnlineSessionTable {
  id: DbId;
  session_id: string;
  tenant_id: string;
  user_id: DbId;
  account: string;
  real_name: string | null;
  dept_id: DbId | null;
  ip: string | null;
  browser: string | null;
  os: string | null;
  client_id: string;
  grant_type: string;
  login_time: DbDate;
  last_active_time: DbDate;
  expire_time: DbDate;
}

/** A scheduled job (migration 0024): `status` 1 scheduled, 0 paused. */
export interface JobTable extends AuditColumns, TenantScoped {
  job_name: string;
  handler: string;
  /** JSON: the handler's parameters. */
  params: string | null;
  cron: string;
  /** 'skip' or 'once': what a time missed while no process ran becomes. */
  misfire: string;
  timeout_seconds: DbInt;
  retries: DbInt;
  retry_backoff_seconds: DbInt;
  /** Comma-joined user ids told when a run fails. */
  notify_user_ids: string | null;
  remark: string | null;
}

/** A run of a job (migration 0024): claimed by its (job_id, scheduled_time, attempt). */
export interface JobRunTable {
  id: DbId;
  tenant_id: string;
  job_id: DbId;
  scheduled_time: DbDate;
  attempt: DbInt;
  /** schedule, manual, retry or misfire. */
  trigger_kind: string;
  /** running, success, failure, timeout, lost or skipped. */
  outcome: string;
  /** The process that ran it (host and pid). */
  process: string;
  start_time: DbDate;
  lease_until: DbDate;
  end_time: DbDate | null;
  duration_ms: DbInt | null;
  output: string | null;
  create_time: DbDate;
}

/** A user's TOTP second factor (migration 0023). */
export interface UserTotpTable {
  id: DbId;
  tenant_id: string;
  user_id: DbId;
  /** Sealed (core/secret-box.ts). */
  secret: string;
  confirmed: DbInt;
  last_step: DbInt;
  /** JSON: the unused recovery codes' SHA-256 digests (hex). */
  recovery_codes: string | null;
  create_time: DbDate;
  update_time: DbDate;
}

/** A sign-in attempt (migration 0022): append-only, purged by age. */
export interface LogLoginTable {
  id: DbId;
  tenant_id: string;
  account: string | null;
  user_id: DbId | null;
  outcome: string;
  grant_type: string | null;
  client_id: string | null;
  ip: string | null;
  browser: string | null;
  os: string | null;
  user_agent: string | null;
  create_time: DbDate;
}

export interface LogApiTable extends LogColumns {
  type: string | null;
  title: string | null;
}

export interface LogErrorTable extends LogColumns {
  stack_trace: string | null;
  exception_name: string | null;
  message: string | null;
  line_number: DbInt | null;
  file_name: string | null;
  /** The request's id (X-Request-Id), which the tenant is shown instead of the detail. */
  request_id: string | null;
}

export interface LogUsualTable extends LogColumns {
  log_level: string | null;
  log_id: string | null;
  log_data: string | null;
}

export interface NoticeTable extends AuditColumns, TenantScoped {
  title: string;
  category: DbInt;
  release_time: DbDate | null;
  content: string | null;
  /** 'all', 'roles' or 'depts' (migration 0020, NOTICE_AUDIENCES). */
  audience_type: Generated<string>;
  /** The roles' or departments' ids, comma-joined; null for all. */
  audience_ids: string | null;
}

/** A message to one user (migration 0019, issue 47). */
export interface MessageTable extends AuditColumns, TenantScoped {
  user_id: DbId;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  /** null: unread. */
  read_time: DbDate | null;
  /** The file it carries (blade_message_file, under the message's id), or null. */
  file_name: string | null;
}

/** A message's file (migration 0025): its recipient's only, under the message's id. */
export interface MessageFileTable {
  id: DbId;
  tenant_id: string;
  user_id: DbId;
  content_type: string;
  file_size: DbInt;
  content: Buffer;
  create_time: DbDate;
}

export interface OssTable extends AuditColumns, TenantScoped {
  category: DbInt;
  oss_code: string;
  endpoint: string | null;
  access_key: string | null;
  /** Ciphertext (core/secret-box.ts). */
  secret_key: string | null;
  bucket_name: string | null;
  app_id: string | null;
  region: string | null;
  remark: string | null;
}

export interface SmsTable extends AuditColumns, TenantScoped {
  category: DbInt;
  sms_code: string;
  template_id: string | null;
  access_key: string | null;
  /** Ciphertext (core/secret-box.ts). */
  secret_key: string | null;
  region_id: string | null;
  app_id: string | null;
  sign_name: string | null;
  remark: string | null;
}

export interface AttachTable extends AuditColumns, TenantScoped {
  link: string;
  domain: string | null;
  name: string | null;
  original_name: string | null;
  extension: string | null;
  attach_size: DbId | null;
  /** md5 of the stored bytes, computed when stored (migration 0010). */
  md5: string | null;
  /** 'avatar' for a file of the avatar path (migration 0017); null otherwise. */
  purpose: string | null;
}

/** Failed sign-ins of an account and its temporary lock (migration 0009, decision 0013). */
export interface SignInLockTable {
  user_id: DbId;
  tenant_id: string;
  failures: DbInt;
  last_failure_time: DbDate;
  locked_until: DbDate | null;
}

// The business (migration 0010; shared/design/business-domain.md). Money in integer cents.

export interface HospitalTable extends AuditColumns, TenantScoped {
  hospital_code: string;
  hospital_name: string;
  level: DbInt | null;
  region_code: string | null;
  address: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  /** The user who repairs its machines (migration 0037). */
  maintainer_id: DbId | null;
  longitude: string | null;
  latitude: string | null;
  remark: string | null;
}

export interface MachineTable extends AuditColumns, TenantScoped {
  machine_no: string;
  machine_name: string;
  hospital_id: DbId | null;
  location: string | null;
  model: DbInt | null;
  slot_count: DbInt;
  run_status: DbInt;
  last_heartbeat_time: DbDate | null;
  /** When it last came online: an MQTT connection, or a heartbeat after a silence (migration 0026). */
  online_time: DbDate | null;
  /** When its MQTT connection last ended (a disconnect, or the will message). */
  offline_time: DbDate | null;
  apk_package_name: string | null;
  apk_version_code: DbInt | null;
  wx_open_id: string | null;
  wx_nickname: string | null;
  wx_bind_time: DbDate | null;
  /** sha256 of the device secret (a random 32 bytes: a fast hash is enough). */
  device_secret: string | null;
  remark: string | null;
}

/** A command to a machine (migration 0027). */
export interface MachineCommandTable extends TenantScoped {
  id: DbId;
  machine_id: DbId;
  machine_no: string;
  kind: string;
  /** JSON: the kind's parameters. */
  params: string;
  /** created, sent, acknowledged, succeeded, failed (timed out is read from timeout_time). */
  state: string;
  reason: string | null;
  request_id: string;
  create_user: DbId | null;
  create_time: DbDate;
  sent_time: DbDate | null;
  ack_time: DbDate | null;
  end_time: DbDate | null;
  timeout_time: DbDate;
}

/** A staged update (migration 0028). */
export interface RolloutTable extends AuditColumns, TenantScoped {
  apk_id: DbId;
  package_name: string;
  version_code: DbInt;
  previous_apk_id: DbId | null;
  state: string;
  current_stage: DbInt;
  /** JSON: the stages as submitted. */
  stages: string;
  /** JSON: when each stage opened (ISO instants), as far as they have. */
  stage_started: string;
}

/** A machine offered a staged update, and what it said last (migration 0028). */
export interface RolloutMachineTable extends TenantScoped {
  id: DbId;
  rollout_id: DbId;
  machine_id: DbId;
  machine_no: string;
  stage_seq: DbInt;
  state: string;
  reason: string | null;
  update_time: DbDate;
}

/** An alert rule of a tenant (migration 0029). */
export interface AlertRuleTable extends AuditColumns, TenantScoped {
  rule_name: string;
  kind: string;
  threshold: DbInt | null;
  role_ids: string;
  hospital_ids: string | null;
  sms: DbInt;
  remark: string | null;
}

/** An incident of an alert rule (migration 0029): open while closed_time is null. */
export interface AlertTable extends TenantScoped {
  id: DbId;
  rule_id: DbId;
  kind: string;
  subject_key: string;
  /** subject_key while open, null once closed: one open incident per rule and subject. */
  open_key: string | null;
  subject: string;
  hospital_id: DbId | null;
  opened_time: DbDate;
  closed_time: DbDate | null;
}

export interface SlotTable extends AuditColumns, TenantScoped {
  machine_id: DbId;
  machine_no: string;
  slot_no: DbInt;
  remark: string | null;
}

export interface SlotGrantTable extends AuditColumns, TenantScoped {
  user_id: DbId;
  machine_id: DbId;
  /** null: every slot of the machine. */
  slot_id: DbId | null;
}

export interface ApkTable extends AuditColumns, TenantScoped {
  app_name: string;
  package_name: string;
  version_name: string;
  version_code: DbInt;
  attach_id: DbId | null;
  file_url: string | null;
  file_size: DbId | null;
  md5: string | null;
  force_update: DbInt;
  release_notes: string | null;
  publish_status: DbInt;
  publish_time: DbDate | null;
}

export interface RefundReviewTable extends AuditColumns, TenantScoped {
  order_no: string;
  machine_no: string;
  slot_no: DbInt | null;
  hospital_id: DbId | null;
  customer_open_id: string | null;
  customer_phone: string | null;
  order_amount: DbInt;
  refund_amount: DbInt;
  reason: string | null;
  apply_time: DbDate;
  review_status: DbInt;
  reviewer_id: DbId | null;
  review_time: DbDate | null;
  review_remark: string | null;
}

export interface FlowModelTable extends AuditColumns, TenantScoped {
  model_key: string;
  name: string;
  category: string | null;
  description: string | null;
  xml: string;
  version: DbInt;
  deploy_time: DbDate | null;
}

/** A form designed in the console (migration 0031); its definitions are its versions'. */
export interface FlowFormTable extends AuditColumns, TenantScoped {
  form_key: string;
  name: string;
  category: string | null;
  remark: string | null;
  version: DbInt;
  published: DbInt;
  field_count: DbInt;
}

/** One version of a form (migration 0031): its definition as JSON. */
export interface FlowFormVersionTable extends AuditColumns, TenantScoped {
  form_id: DbId;
  version: DbInt;
  definition: string;
}

export interface FlowDeploymentTable extends AuditColumns, TenantScoped {
  name: string;
  category: string | null;
  deploy_time: DbDate;
}

export interface FlowDefinitionTable extends AuditColumns, TenantScoped {
  deployment_id: DbId;
  process_key: string;
  name: string;
  version: DbInt;
  category: string | null;
  /** 1 active, 2 suspended (Flowable's suspensionState). */
  suspension_state: DbInt;
  resource_name: string | null;
  xml: string;
  deploy_time: DbDate;
  /** The bound forms' versions pinned at deployment (JSON: form key → version); null: none bound. */
  form_pins: string | null;
}

export interface FlowInstanceTable extends AuditColumns, TenantScoped {
  definition_id: DbId;
  process_key: string;
  business_table: string | null;
  business_id: DbId | null;
  start_user: DbId;
  start_time: DbDate;
  end_time: DbDate | null;
  /** 1 running, 2 finished, 3 deleted. */
  run_state: DbInt;
  end_activity: string | null;
  delete_reason: string | null;
  current_nodes: string | null;
  /** The engine's state as JSON: any server process resumes the instance from it. */
  engine_state: string;
  revision: DbInt;
  /** The instance's form data (JSON: field key → value); null: its process binds no form. */
  form_data: string | null;
}

export interface FlowFormValueTable extends AuditColumns, TenantScoped {
  instance_id: DbId;
  field_key: string;
  field_value: string | null;
}

export interface FlowTaskTable extends AuditColumns, TenantScoped {
  instance_id: DbId;
  definition_id: DbId;
  element_id: string;
  name: string;
  assignee: DbId | null;
  claim_time: DbDate | null;
  end_time: DbDate | null;
  /** 1 open, 2 completed, 3 cancelled, 4 returned (waits for the return task `held_by`). */
  task_state: DbInt;
  outcome: string | null;
  comment: string | null;
  /** 'task' (a step of the model) or 'return' (handed back by a return or a recall). */
  task_kind: Generated<string>;
  held_by: DbId | null;
  /** Who delegated it: it goes back to them once the delegate has acted. */
  owner: DbId | null;
  from_user: DbId | null;
  from_comment: string | null;
  nudge_time: DbDate | null;
}

export interface FlowCopyTable extends AuditColumns, TenantScoped {
  instance_id: DbId;
  task_id: DbId | null;
  task_name: string | null;
  user_id: DbId;
  from_user: DbId;
  read_flag: Generated<DbInt>;
  read_time: DbDate | null;
}

export interface FlowTaskCandidateTable extends TenantScoped {
  id: DbId;
  task_id: DbId;
  candidate_kind: 'user' | 'role' | 'dept';
  candidate_id: DbId;
}

export interface FlowHistoryTable extends AuditColumns, TenantScoped {
  instance_id: DbId;
  element_id: string;
  name: string | null;
  activity_type: string;
  task_id: DbId | null;
  assignee: DbId | null;
  comment: string | null;
  start_time: DbDate;
  end_time: DbDate | null;
  /** What a person did beside the engine's steps (return, transfer, delegate…); null for an activity. */
  action: string | null;
}

export interface LeaveTable extends AuditColumns, TenantScoped {
  process_definition_id: DbId;
  process_instance_id: DbId | null;
  leave_type: DbInt;
  start_time: DbDate;
  end_time: DbDate;
  days: DbInt;
  reason: string;
  task_user: DbId;
  apply_time: DbDate;
  /** 1 in review, 2 approved, 3 returned to the applicant, 4 withdrawn, 5 deleted with the process. */
  leave_state: DbInt;
}

/**
 * Which tenant holds a key unique across the platform (a machine number): always in the main
 * database, whichever database the tenant's rows are in (decision 0020). Payment orders were held
 * here too until migration 0017 made them unique per tenant.
 */
export interface TenantKeyTable {
  key_kind: 'machine' | 'order';
  key_value: string;
  tenant_id: string;
  create_time: DbDate | null;
}

export interface Database {
  blade_tenant: TenantTable;
  blade_client: ClientTable;
  blade_datasource: DatasourceTable;
  blade_code: CodeTable;
  blade_dept: DeptTable;
  blade_role: RoleTable;
  blade_user: UserTable;
  blade_user_password_history: UserPasswordHistoryTable;
  blade_menu: MenuTable;
  blade_role_menu: RoleMenuTable;
  blade_param: ParamTable;
  blade_user_oauth: UserOauthTable;
  blade_top_menu: TopMenuTable;
  blade_top_menu_setting: TopMenuSettingTable;
  blade_tenant_package: TenantPackageTable;
  blade_post: PostTable;
  blade_report: ReportTable;
  blade_scope_data: ScopeDataTable;
  blade_scope_api: ScopeApiTable;
  blade_role_scope: RoleScopeTable;
  blade_user_platform: UserPlatformTable;
  blade_dict: DictTable;
  blade_dict_biz: DictBizTable;
  blade_region: RegionTable;
  blade_log_api: LogApiTable;
  blade_log_error: LogErrorTable;
  blade_log_usual: LogUsualTable;
  blade_log_login: LogLoginTable;
  blade_online_session: OnlineSessionTable;
  blade_user_totp: UserTotpTable;
  blade_job: JobTable;
  blade_job_run: JobRunTable;
  blade_notice: NoticeTable;
  blade_message: MessageTable;
  blade_message_file: MessageFileTable;
  blade_oss: OssTable;
  blade_sms: SmsTable;
  blade_attach: AttachTable;
  blade_sign_in_lock: SignInLockTable;
  zx_hospital: HospitalTable;
  zx_machine: MachineTable;
  zx_machine_command: MachineCommandTable;
  zx_rollout: RolloutTable;
  zx_rollout_machine: RolloutMachineTable;
  zx_alert_rule: AlertRuleTable;
  zx_alert: AlertTable;
  zx_slot: SlotTable;
  zx_slot_grant: SlotGrantTable;
  zx_apk: ApkTable;
  zx_refund_review: RefundReviewTable;
  zx_tenant_key: TenantKeyTable;
  blade_flow_model: FlowModelTable;
  blade_flow_form: FlowFormTable;
  blade_flow_form_version: FlowFormVersionTable;
  blade_flow_form_value: FlowFormValueTable;
  blade_flow_deployment: FlowDeploymentTable;
  blade_flow_definition: FlowDefinitionTable;
  blade_flow_instance: FlowInstanceTable;
  blade_flow_task: FlowTaskTable;
  blade_flow_task_candidate: FlowTaskCandidateTable;
  blade_flow_history: FlowHistoryTable;
  blade_flow_copy: FlowCopyTable;
  blade_process_leave: LeaveTable;
}
