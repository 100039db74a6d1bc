import { MENU_CATEGORY, MENU_OPEN, ROOT_PARENT_ID } from '@console/contract';

// The complete menu tree of the spec (sections 1 and 2): every page with its button codes, so that
// later work fills pages in rather than inventing menus. Codes are the permission flags the
// console checks (`menu/buttons`) and the server enforces; paths are the console's routes.

export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  alias: string;
  children: MenuSeed[];
}

type ButtonSpec =
  'add' | 'edit' | 'delete' | 'view' | 'export' | [code: string, name: string, alias: string, action: number];

const STANDARD: Record<string, [name: string, source: string, action: number]> = {
  add: ['新增', 'plus', 1],
  edit: ['修改', 'form', 2],
  delete: ['删除', 'delete', 3],
  view: ['查看', 'file-text', 2],
  export: ['导出', 'export', 2],
};

const CRUD: ButtonSpec[] = ['add', 'edit', 'delete', 'view'];

function page(
  code: string,
  name: string,
  path: string,
  source: string,
  sort: number,
  buttons: ButtonSpec[] = [],
): MenuSeed {
  return {
    code,
    name,
    path,
    source,
    sort,
    category: MENU_CATEGORY.MENU,
    action: 0,
    isOpen: MENU_OPEN.SAME_WINDOW,
    alias: 'menu',
    children: buttons.map((b, i) => {
      if (typeof b === 'string') {
        const [buttonName, buttonSource, action] = STANDARD[b]!;
        return button(`${code}_${b}`, buttonName, `${path}/${b}`, buttonSource, b, action, i + 1);
      }
      const [buttonCode, buttonName, alias, action] = b;
      return button(buttonCode, buttonName, `${path}/${alias}`, alias, alias, action, i + 1);
    }),
  };
}

function button(
  code: string,
  name: string,
  path: string,
  source: string,
  alias: string,
  action: number,
  sort: number,
): MenuSeed {
  return {
    code,
    name,
    path,
    source,
    sort,
    category: MENU_CATEGORY.BUTTON,
    action,
    isOpen: MENU_OPEN.SAME_WINDOW,
    alias,
    children: [],
  };
}

function group(
  code: string,
  name: string,
  path: string,
  source: string,
  sort: number,
  children: MenuSeed[],
): MenuSeed {
  return { ...page(code, name, path, source, sort), children };
}

export const MENU_TREE: MenuSeed[] = [
  group('desk', '工作台', '/desk', 'DesktopOutlined', 1, [
    page('notice', '通知公告', '/desk/notice', 'NotificationOutlined', 1, [...CRUD, 'export']),
    // 消息中心 is the header's (a fixed route, no menu): its 导出 (the caller's own messages) is a
    // button of 工作台, so that an export stays a button's, never a read for everyone (S16).
    button('message_export', '导出消息', '/desk/message/export', 'export', 'export', 2, 2),
  ]),
  group('work', '我的事务', '/work', 'ScheduleOutlined', 2, [
    page('work_start', '发起事务', '/work/start', 'PlayCircleOutlined', 1, [
      ['work_start_flow', '发起', 'start', 2],
    ]),
    page('work_claim', '待签事务', '/work/claim', 'SignatureOutlined', 2, [
      ['work_claim_sign', '签收', 'sign', 2],
    ]),
    page('work_todo', '待办事务', '/work/todo', 'CarryOutOutlined', 3, [
      ['work_todo_handle', '处理', 'handle', 2],
      'export',
    ]),
    page('work_send', '已发事务', '/work/send', 'SendOutlined', 4, [
      ['work_send_detail', '详情', 'detail', 2],
      'export',
    ]),
    page('work_done', '办结事务', '/work/done', 'CheckCircleOutlined', 5, [
      ['work_done_detail', '详情', 'detail', 2],
      'export',
    ]),
    page('work_copy', '抄送我的', '/work/copy', 'NotificationOutlined', 6, ['export']),
  ]),
  group('business', '业务管理', '/business', 'MedicineBoxOutlined', 3, [
    page('hospital', '医院管理', '/business/hospital', 'BankOutlined', 1, [...CRUD, 'export']),
    page('machine', '机器管理', '/business/machine', 'HddOutlined', 2, [
      'add',
      'edit',
      'view',
      ['machine_bind', '绑定微信', 'bind', 2],
      // Added with the business module (migration 0010 adds them to databases seeded before).
      'delete',
      // Issue 50 (migration 0027 adds it to databases seeded before).
      ['machine_command', '远程指令', 'command', 2],
      // Issue 52 (migration 0036 adds the export buttons below to databases seeded before).
      'export',
      // Issue 51: 报修, a repair order from the machine (migration 0037 adds it to databases seeded before).
      ['machine_repair', '报修', 'repair', 2],
    ]),
    page('slot', '格口管理', '/business/slot', 'AppstoreOutlined', 3, [
      ['slot_grant', '格口授权', 'grant', 1],
      ['slot_cancel', '取消授权', 'cancel', 1],
      'edit',
      'export',
    ]),
    page('apk', 'APK管理', '/business/apk', 'AndroidOutlined', 4, [
      'add',
      'edit',
      'view',
      ['apk_publish', '发布', 'publish', 2],
      ['apk_withdraw', '撤回', 'withdraw', 2],
      'export',
    ]),
    page('refund', '退款审核', '/business/refund', 'AuditOutlined', 5, [
      'view',
      'delete',
      ['refund_agree', '同意', 'agree', 2],
      ['refund_reject', '拒绝', 'reject', 2],
      'export',
    ]),
    // Issue 50 (migration 0028 adds them to databases seeded before).
    page('fleet', '设备总览', '/business/fleet', 'DashboardOutlined', 0),
    page('rollout', '灰度发布', '/business/rollout', 'CloudUploadOutlined', 6, [
      'add',
      'view',
      ['rollout_advance', '下一阶段', 'advance', 2],
      ['rollout_pause', '暂停', 'pause', 2],
      ['rollout_resume', '恢复', 'resume', 2],
      ['rollout_rollback', '回滚', 'rollback', 2],
      'export',
    ]),
    page('alert', '告警中心', '/business/alert', 'EyeOutlined', 7, [...CRUD, 'export']),
  ]),
  group('monitor', '系统监控', '/monitor', 'MonitorOutlined', 4, [
    group('log', '日志管理', '/monitor/log', 'FileSearchOutlined', 1, [
      page('log_usual', '通用日志', '/monitor/log/usual', 'FileTextOutlined', 1, ['view', 'export']),
      page('log_api', '接口日志', '/monitor/log/api', 'ApiOutlined', 2, ['view', 'export']),
      page('log_error', '错误日志', '/monitor/log/error', 'BugOutlined', 3, ['view', 'export']),
      // Issue 48 (migration 0022 adds them to databases seeded before).
      page('log_login', '登录日志', '/monitor/log/login', 'LoginOutlined', 4, [
        'view',
        ['log_login_export', '导出', 'export', 2],
        ['log_login_unlock', '解锁', 'unlock', 2],
      ]),
    ]),
    page('online', '在线用户', '/monitor/online', 'UserSwitchOutlined', 2, [
      ['online_logout', '强退', 'logout', 3],
      'export',
    ]),
    // Issue 49 (migration 0024 adds them to databases seeded before).
    page('job', '定时任务', '/monitor/job', 'FieldTimeOutlined', 3, [
      ...CRUD,
      ['job_run', '执行一次', 'run', 2],
      ['job_pause', '暂停', 'pause', 2],
      ['job_resume', '恢复', 'resume', 2],
      ['job_log', '运行日志', 'log', 2],
      'export',
    ]),
    page('monitor_server', '服务监控', '/monitor/server', 'DashboardOutlined', 4),
    page('monitor_cache', '缓存监控', '/monitor/cache', 'ThunderboltOutlined', 5),
  ]),
  group('report', '报表管理', '/report', 'BarChartOutlined', 5, [
    page('report_list', '报表列表', '/report/reportlist', 'TableOutlined', 1, CRUD),
  ]),
  group('resource', '资源管理', '/resource', 'CloudServerOutlined', 6, [
    page('oss', '对象存储', '/resource/oss', 'CloudUploadOutlined', 1, [
      ...CRUD,
      ['oss_enable', '启用', 'enable', 2],
      'export',
    ]),
    page('sms', '短信配置', '/resource/sms', 'MessageOutlined', 2, [
      ...CRUD,
      ['sms_enable', '启用', 'enable', 2],
      ['sms_send', '发送测试', 'send', 1],
      'export',
    ]),
    page('attach', '附件管理', '/resource/attach', 'PaperClipOutlined', 3, [
      ['attach_upload', '上传', 'upload', 1],
      ['attach_download', '下载', 'download', 2],
      'delete',
      'view',
      'export',
    ]),
  ]),
  group('flow', '流程管理', '/flow', 'ApartmentOutlined', 7, [
    page('flow_model', '模型管理', '/flow/model', 'DeploymentUnitOutlined', 1, [
      ...CRUD,
      ['flow_model_deploy', '部署', 'deploy', 2],
      'export',
    ]),
    page('flow_deploy', '流程部署', '/flow/deploy', 'CloudUploadOutlined', 2, [
      ['flow_deploy_upload', '部署上传', 'upload', 1],
    ]),
    page('flow_manager', '流程管理', '/flow/manager', 'NodeIndexOutlined', 3, [
      ['flow_manager_state', '变更状态', 'state', 2],
      ['flow_manager_remove', '删除', 'remove', 3],
      'export',
    ]),
    page('flow_follow', '流程跟踪', '/flow/follow', 'EyeOutlined', 4, [
      ['flow_follow_delete', '删除', 'delete', 2],
      ['flow_follow_reassign', '转办', 'reassign', 2],
      'export',
    ]),
    page('form', '表单设计', '/flow/form', 'TableOutlined', 5, ['add', 'edit', 'delete', 'export']),
  ]),
  group('tool', '研发工具', '/tool', 'ToolOutlined', 8, [
    page('code', '代码生成', '/tool/code', 'CodeOutlined', 1, [
      ...CRUD,
      ['code_gen', '代码生成', 'generate', 1],
      ['code_copy', '复制', 'copy', 2],
      'export',
    ]),
    page('datasource', '数据源管理', '/tool/datasource', 'DatabaseOutlined', 2, [...CRUD, 'export']),
    // The API's OpenAPI document (issue 52): the platform administrator's, as GET /api/docs/openapi.json.
    page('apidoc', '接口文档', '/tool/apidoc', 'ApiOutlined', 3),
  ]),
  group('base', '基础配置', '/base', 'ProfileOutlined', 97, [
    page('region', '行政区划', '/base/region', 'EnvironmentOutlined', 1, [...CRUD, 'export']),
  ]),
  group('authority', '权限管理', '/authority', 'SafetyCertificateOutlined', 98, [
    page('role', '角色管理', '/authority/role', 'TeamOutlined', 1, [
      ...CRUD,
      ['role_grant', '权限设置', 'grant', 1],
      'export',
    ]),
    page('data_scope', '数据权限', '/authority/datascope', 'FilterOutlined', 2, [
      ['data_scope_setting', '权限配置', 'setting', 2],
      'export',
    ]),
    page('api_scope', '接口权限', '/authority/apiscope', 'ApiOutlined', 3, [
      ['api_scope_setting', '权限配置', 'setting', 2],
      'export',
    ]),
  ]),
  group('system', '系统管理', '/system', 'SettingOutlined', 99, [
    page('user', '用户管理', '/system/user', 'UserOutlined', 1, [
      ...CRUD,
      ['user_role', '角色配置', 'role', 1],
      ['user_reset', '密码重置', 'reset-password', 1],
      ['user_unlock', '账号解封', 'unlock', 1],
      ['user_platform', '平台配置', 'platform', 2],
      ['user_audit', '注册审核', 'audit', 1],
      'export',
    ]),
    page('dept', '部门管理', '/system/dept', 'ClusterOutlined', 2, [...CRUD, 'export']),
    page('post', '岗位管理', '/system/post', 'IdcardOutlined', 3, [...CRUD, 'export']),
    page('dict', '系统字典', '/system/dict', 'BookOutlined', 4, [...CRUD, 'export']),
    page('dictbiz', '业务字典', '/system/dictbiz', 'ReadOutlined', 5, [...CRUD, 'export']),
    page('menu', '菜单管理', '/system/menu', 'MenuOutlined', 6, [...CRUD, 'export']),
    page('topmenu', '顶部菜单', '/system/topmenu', 'LayoutOutlined', 7, [
      ...CRUD,
      ['topmenu_setting', '菜单配置', 'setting', 2],
      'export',
    ]),
    page('param', '参数管理', '/system/param', 'ControlOutlined', 8, [...CRUD, 'export']),
    page('tenant', '租户管理', '/system/tenant', 'ShopOutlined', 9, [
      ...CRUD,
      ['tenant_setting', '授权配置', 'setting', 1],
      ['tenant_datasource', '数据源配置', 'datasource', 1],
      ['tenant_package_setting', '产品包配置', 'package', 1],
      'export',
    ]),
    page('tenant_package', '租户产品包', '/system/tenantpackage', 'GiftOutlined', 10, [
      'add',
      'edit',
      'delete',
      'export',
    ]),
    page('client', '应用管理', '/system/client', 'MobileOutlined', 11, [...CRUD, 'export']),
  ]),
];

/** A stable id per code (FNV-1a 64), so a menu keeps its id across fresh installs and versions. */
export function menuId(code: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(code)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return (1_000_000_000_000_000_000n + (hash % 8_000_000_000_000_000_000n)).toString();
}

/** Every node of the tree with its parent's id, parents before children. */
export function flattenMenus(
  tree: MenuSeed[] = MENU_TREE,
  parentId = ROOT_PARENT_ID,
): Array<MenuSeed & { id: string; parentId: string }> {
  return tree.flatMap((node) => {
    const id = menuId(node.code);
    return [{ ...node, id, parentId }, ...flattenMenus(node.children, id)];
  });
}

/** Where the seed's new row ids come from (core/ids.ts's IdGenerator, in practice). */
export interface SeedIds {
  next(): string;
}

/** The audit columns of the seed's rows: made by the seeded administrator, live and enabled. */
export type SeedAudit = Record<'create_user' | 'create_dept' | 'update_user', bigint> &
  Record<'create_time' | 'update_time', Date> &
  Record<'status' | 'is_deleted', number>;

/**
 * The audit columns of a row the server adds by itself after the first seed (a migration, a start):
 * nobody made it, it is live and enabled.
 */
export function systemAudit() {
  const now = new Date();
  return {
    create_user: null,
    create_dept: null,
    create_time: now,
    update_user: null,
    update_time: now,
    status: 1,
    is_deleted: 0,
  };
}

/** A menu of the tree as its blade_menu row (the audit columns are the caller's). */
export function menuRow(menu: MenuSeed & { id: string; parentId: string }) {
  return {
    id: BigInt(menu.id),
    parent_id: BigInt(menu.parentId),
    code: menu.code,
    name: menu.name,
    alias: menu.alias,
    path: menu.path,
    source: menu.source,
    sort: menu.sort,
    category: menu.category,
    action: menu.action,
    is_open: menu.isOpen,
    remark: null,
  };
}
