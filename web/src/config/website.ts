import { HEADER_TOKEN, REQUEST_TIMEOUT_MS } from '@console/contract';
import type { Language } from '../i18n/languages';

/** The console's fixed settings (spec §9); names follow Saber's website config so BladeX users recognise them. */
export interface WebsiteConfig {
  /** OAuth client sent as `Authorization: Basic base64(clientId:clientSecret)` on every call. */
  clientId: string;
  clientSecret: string;
  /** Header carrying `bearer <access token>`. */
  tokenHeader: string;
  /** Token age (seconds) after which the session refreshes it. */
  tokenTime: number;
  /** Prefix of every local storage key the console writes. */
  storagePrefix: string;
  tenantId: string;
  captchaMode: boolean;
  /** Sign-in asks for the tenant's code (spec §6, off by default; the server's TENANT_MODE turns it on). */
  tenantMode: boolean;
  switchMode: boolean;
  /** Milliseconds before a request is abandoned. */
  requestTimeout: number;
  /** Answer codes that fail a call without telling the user. */
  statusWhiteList: readonly number[];
  lockPage: string;
  /** The home tab's path: where `/` leads. */
  homePath: string;
  language: Language;
  /** Primary colour of the antd theme until the user picks one (settings). */
  color: string;
  /** Theme until the user picks one (settings; the 11 themes of web/src/app/settings/themes.ts). */
  theme: string;
  /** false: the home tab cannot be closed (spec §4, "first-page option"). */
  isFirstPage: boolean;
  /** Milliseconds a page's code may take to download before the console gives up (ChunkLoadError). */
  chunkTimeout: number;
  /**
   * The most tabs open at once, the home tab included: opening one more closes the oldest (never
   * the home tab). README, "Tabs".
   */
  tabLimit: number;
}

export const website: Readonly<WebsiteConfig> = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tokenHeader: HEADER_TOKEN,
  tokenTime: 3000,
  storagePrefix: 'saber-',
  tenantId: '000000',
  captchaMode: true,
  tenantMode: serverSettings().tenantMode === true,
  switchMode: false,
  requestTimeout: REQUEST_TIMEOUT_MS,
  statusWhiteList: [],
  lockPage: '/lock',
  homePath: '/wel/index',
  language: 'zh',
  color: '#409EFF',
  theme: 'theme-default',
  isFirstPage: false,
  chunkTimeout: 120_000,
  tabLimit: 20,
};

/**
 * The settings the server puts into index.html from its configuration (server/src/core/web.ts): a
 * meta tag holding JSON, read once at start-up. None in the default configuration, nor outside a
 * browser (unit tests).
 */
function serverSettings(): { tenantMode?: unknown } {
  const text =
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="console-settings"]')?.getAttribute('content');
  if (!text) return {};
  try {
    const settings: unknown = JSON.parse(text);
    return typeof settings === 'object' && settings !== null ? settings : {};
  } catch {
    return {};
  }
}
