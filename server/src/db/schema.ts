// Row types as the drivers hand them back. Drivers differ: SQLite gives bigint for every integer,
// PostgreSQL strings for BIGINT, MySQL strings (bigNumberStrings); dates are Date or ISO text.
// Repositories convert rows by column kind (core/repository/table.ts), so these stay honest.

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

export interface ParamTable extends AuditColumns {
  param_name: string;
  param_key: string;
  param_value: string;
  remark: string | null;
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

export interface Database {
  blade_tenant: TenantTable;
  blade_client: ClientTable;
  blade_dept: DeptTable;
  blade_role: RoleTable;
  blade_user: UserTable;
  blade_menu: MenuTable;
  blade_role_menu: RoleMenuTable;
  blade_param: ParamTable;
  blade_user_oauth: UserOauthTable;
}
