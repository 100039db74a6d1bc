import { HEADER_TOKEN, REQUEST_TIMEOUT_MS } from '@console/contract';
import type { Language } from '../i18n';

/** The console's fixed settings (spec §9); names follow Saber's website config so BladeX users recognise them. */
export interface WebsiteConfig {
  /** OAuth client sent as `Authorization: Basic base64(clientId:clientSecret)` on every call. */
  clientId: string;
  clientSecret: string;
  /** Header carrying `bearer <access token>`. */
  tokenHeader: string;
  /** Token age (seconds) after which the session refreshes it; VITE_TOKEN_TIME overrides it at build time. */
  tokenTime: number;
  /** Prefix of every local storage key the console writes. */
  storagePrefix: string;
  tenantId: string;
  captchaMode: boolean;
  /** Sign-in asks for the tenant's code (spec §6, off by default); VITE_TENANT_MODE overrides it at build time. */
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
}

export const website: Readonly<WebsiteConfig> = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tokenHeader: HEADER_TOKEN,
  tokenTime: positiveNumber(import.meta.env.VITE_TOKEN_TIME) ?? 3000,
  storagePrefix: 'saber-',
  tenantId: '000000',
  captchaMode: true,
  tenantMode: flag(import.meta.env.VITE_TENANT_MODE) ?? false,
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
};

/** A build-time override, when it is a positive number of seconds. */
function positiveNumber(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A build-time switch, when it is 'true' or 'false'. */
function flag(text: string | undefined): boolean | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return undefined;
}
