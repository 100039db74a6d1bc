// The icons of the menus, by the antd icon name the menus store in `source`. Exactly the icons the
// seeded menus use (server/src/db/seed/menus.ts), imported by name so the bundle holds only them —
// never the whole icon set. A menu whose icon is not here shows the default one. An icon-font class
// of BladeX's console (what `menu/routes` answers, and what menus made in Saber store) is shown as
// its antd icon (packages/contract/src/menu-icons.ts).
import {
  AndroidOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BugOutlined,
  CarryOutOutlined,
  CheckCircleOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  CodeOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FilterOutlined,
  GiftOutlined,
  HddOutlined,
  IdcardOutlined,
  LayoutOutlined,
  MedicineBoxOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  SignatureOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  FileOutlined,
} from '@ant-design/icons';
import { antdIconOf } from '@console/contract/menu-icons';
import type { ComponentType } from 'react';

type IconComponent = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

export const MENU_ICONS: Readonly<Record<string, IconComponent>> = {
  AndroidOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  BugOutlined,
  CarryOutOutlined,
  CheckCircleOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  CodeOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  EyeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FilterOutlined,
  GiftOutlined,
  HddOutlined,
  IdcardOutlined,
  LayoutOutlined,
  MedicineBoxOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  MonitorOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  PlayCircleOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  SignatureOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
};

/** Shown for a menu without an icon or with one this map lacks. */
export const DEFAULT_MENU_ICON: IconComponent = FileOutlined;

/** The icon of a menu's `source`: an antd icon name, or a BladeX icon-font class. */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const antd = antdIconOf(name);
  const Icon = (antd && Object.hasOwn(MENU_ICONS, antd) ? MENU_ICONS[antd] : undefined) ?? DEFAULT_MENU_ICON;
  return <Icon aria-hidden />;
}
