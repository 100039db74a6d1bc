// Menu icons in two vocabularies (docs/decisions/0022-bladex-trees-and-icons.md). A menu's `source`
// names its icon. This console draws antd icons and its seed stores their names
// ('SettingOutlined'); BladeX's console (Saber) draws icon-font classes ('iconfont iconicon_setting')
// and shows nothing for a name it does not know. blade_menu keeps what was written; `menu/routes`
// answers the icon-font class (bladeIconOf), and this console maps a class back to its antd name
// (antdIconOf), so a menu made in Saber with an icon-font class shows here too.
//
// One antd name ↔ one class, both ways (a test checks that no class is used twice): where
// SpringBlade's own seed (doc/sql/blade) gives a menu a class, its icon has that class; the others
// take a class of Saber's icon list (src/config/iconList.js) close in meaning.

/** antd icon name → Saber icon-font class: the icons of the seeded menus (server/src/db/seed/menus.ts). */
export const BLADE_MENU_ICONS: Readonly<Record<string, string>> = {
  // The classes of SpringBlade's seed, by its menus' codes.
  DesktopOutlined: 'iconfont iconicon_airplay', // desk
  NotificationOutlined: 'iconfont iconicon_sms', // notice
  SettingOutlined: 'iconfont iconicon_setting', // system
  UserOutlined: 'iconfont iconicon_principal', // user
  ClusterOutlined: 'iconfont iconicon_group', // dept
  BookOutlined: 'iconfont iconicon_addresslist', // dict
  MenuOutlined: 'iconfont iconicon_subordinate', // menu
  LayoutOutlined: 'iconfont icon-canshu', // topmenu
  ControlOutlined: 'iconfont iconicon_community_line', // param
  MonitorOutlined: 'iconfont icon-yanzhengma', // monitor
  FileSearchOutlined: 'iconfont iconicon_doc', // log
  ToolOutlined: 'iconfont icon-wxbgongju', // tool
  CodeOutlined: 'iconfont iconicon_savememo', // code
  ShopOutlined: 'iconfont icon-quanxian', // tenant
  MobileOutlined: 'iconfont iconicon_mobilephone', // client
  DatabaseOutlined: 'iconfont icon-caidanguanli', // datasource
  SafetyCertificateOutlined: 'iconfont icon-bofangqi-suoping', // authority
  TeamOutlined: 'iconfont iconicon_boss', // role
  FilterOutlined: 'iconfont icon-shujuzhanshi2', // data_scope
  ApiOutlined: 'iconfont iconicon_send', // api_scope (and log_api)
  IdcardOutlined: 'iconfont iconicon_message', // post
  ProfileOutlined: 'iconfont iconicon_affiliations_li', // base
  EnvironmentOutlined: 'iconfont icon-iframe', // region
  TableOutlined: 'iconfont icon-biaodan', // report_list
  // Menus SpringBlade has not, or whose class another icon has taken (report shares data_scope's).
  BarChartOutlined: 'iconfont icon-tubiao', // report
  FileTextOutlined: 'iconfont icon-rizhi', // log_usual
  BugOutlined: 'iconfont icon-bug', // log_error
  ReadOutlined: 'iconfont iconicon_study', // dictbiz
  GiftOutlined: 'iconfont iconicon_redpacket', // tenant_package
  ScheduleOutlined: 'iconfont iconicon_work', // work
  PlayCircleOutlined: 'iconfont iconicon_roundadd', // work_start
  SignatureOutlined: 'iconfont iconicon_compile', // work_claim
  CarryOutOutlined: 'iconfont iconicon_task', // work_todo
  SendOutlined: 'iconfont iconicon_share', // work_send
  CheckCircleOutlined: 'iconfont iconicon_task_done', // work_done
  MedicineBoxOutlined: 'iconfont iconicon_cspace', // business
  BankOutlined: 'iconfont iconicon_addressbook', // hospital
  HddOutlined: 'iconfont iconicon_scan', // machine
  AppstoreOutlined: 'iconfont icon-biaoge', // slot
  AndroidOutlined: 'iconfont iconicon_phone', // apk
  AuditOutlined: 'iconfont iconicon_coinpurse_line', // refund
  CloudServerOutlined: 'iconfont iconicon_cloud_history', // resource
  CloudUploadOutlined: 'iconfont iconicon_exchange', // oss, flow_deploy
  MessageOutlined: 'iconfont iconicon_addmessage', // sms
  PaperClipOutlined: 'iconfont iconicon_details', // attach
  ApartmentOutlined: 'iconfont iconicon_discovery', // flow
  DeploymentUnitOutlined: 'iconfont iconicon_dispose', // flow_model
  NodeIndexOutlined: 'iconfont icon-liuliangyunpingtaitubiao08', // flow_manager
  EyeOutlined: 'iconfont iconicon_glass', // flow_follow
  LoginOutlined: 'iconfont icon-rizhi1', // log_login
  UserSwitchOutlined: 'iconfont iconicon_addperson', // online
  FieldTimeOutlined: 'iconfont iconicon_ding', // job
  DashboardOutlined: 'iconfont icon-dongtai', // monitor_server
  ThunderboltOutlined: 'iconfont iconicon_refresh', // monitor_cache
};

/** An icon-font class written by hand: single spaces, no spaces around. */
const normal = (source: string) => source.trim().replace(/\s+/g, ' ');

const ANTD_BY_CLASS: ReadonlyMap<string, string> = new Map(
  Object.entries(BLADE_MENU_ICONS).map(([antd, blade]) => [blade, antd]),
);

/**
 * The icon of a menu as BladeX's console draws it: the icon-font class of an antd name of the
 * table; anything else (a class already, a name the table lacks, none) as it is.
 */
export function bladeIconOf(source: string | null): string | null {
  if (source === null) return null;
  return Object.hasOwn(BLADE_MENU_ICONS, source) ? BLADE_MENU_ICONS[source]! : source;
}

/**
 * The antd icon name of a menu's `source`: an icon-font class of the table as its antd name (a
 * class alone, without `iconfont `, too); anything else as it is (an antd name stays one).
 */
export function antdIconOf(source: string | null | undefined): string | undefined {
  if (!source) return undefined;
  const key = normal(source);
  return ANTD_BY_CLASS.get(key) ?? ANTD_BY_CLASS.get(`iconfont ${key}`) ?? source;
}
