import type { ComponentType } from 'react';

/** A page module: its default export is the page. */
export interface PageModule {
  default: ComponentType;
}

/**
 * The code of each menu page, by the menu's path without `/index` (web/src/app/menu/routes.ts). Each
 * entry is a dynamic import, so each page is its own download, fetched when first opened. A menu
 * path not listed here shows "not available yet".
 */
export const pageRegistry: Readonly<Record<string, () => Promise<PageModule>>> = {
  '/system/param': () => import('./system/param'),
  '/system/tenantpackage': () => import('./system/tenantpackage'),
};
