/* eslint-disable @typescript-eslint/no-empty-object-type -- filled by declaration merging */
import { i18n } from './index';

// Each menu area's texts travel with its pages, not with the sign-in page: a page folder's
// locales.ts adds its texts to the area's interface below (declaration merging, for typed keys)
// and registers them with `addPageTexts` when the page's code loads.
//
//   export const userZh = { title: '用户管理', … };
//   export const userEn: typeof userZh = { title: 'Users', … };
//   declare module '../../../i18n/page-texts' { interface SystemTexts { user: typeof userZh } }
//   addPageTexts('system', 'user', userZh, userEn);   // keys: system.user.title, …

export interface AuthorityTexts {}
export interface BaseTexts {}
export interface BusinessTexts {}
export interface DeskTexts {}
export interface FlowTexts {}
/** The pages of generated modules (web/src/pages/generated/<module>). */
export interface GeneratedTexts {}
export interface MonitorTexts {}
export interface ReportTexts {}
export interface ResourceTexts {}
export interface SystemTexts {}
export interface ToolTexts {}
export interface WorkTexts {}

/** Every menu area's page texts interface, by area. */
export interface AreaTextsByArea {
  authority: AuthorityTexts;
  base: BaseTexts;
  business: BusinessTexts;
  desk: DeskTexts;
  flow: FlowTexts;
  generated: GeneratedTexts;
  monitor: MonitorTexts;
  report: ReportTexts;
  resource: ResourceTexts;
  system: SystemTexts;
  tool: ToolTexts;
  work: WorkTexts;
}

/**
 * The texts of the menu areas' pages, by area and page (`system.user.*`). Areas with no page yet
 * are left out: an empty object would pass for a text key.
 */
export type AreaTexts = {
  // Mapped again: i18next's key types only walk plain object types, not interfaces.
  [A in keyof AreaTextsByArea as keyof AreaTextsByArea[A] extends never ? never : A]: {
    [P in keyof AreaTextsByArea[A]]: AreaTextsByArea[A][P];
  };
};

/** Adds one page's texts in both languages under `<area>.<page>`; call at the top of its locales.ts. */
export function addPageTexts<A extends keyof AreaTextsByArea, P extends keyof AreaTextsByArea[A] & string>(
  area: A,
  page: P,
  zh: AreaTextsByArea[A][P],
  en: AreaTextsByArea[A][P],
): void {
  i18n.addResourceBundle('zh', 'translation', { [area]: { [page]: zh } }, true, false);
  i18n.addResourceBundle('en', 'translation', { [area]: { [page]: en } }, true, false);
}
