import type { ComponentType } from 'react';

/** A page module: its default export is the page. */
export interface PageModule {
  default: ComponentType;
}

/**
 * The menu areas whose pages live under web/src/pages/<area>/<page>/index.tsx (the log pages one
 * level deeper, as their menu paths are). A page's folder is its menu path: /system/user is
 * ./system/user/index.tsx. Each is a dynamic import, so each page is its own download, fetched when
 * first opened; a menu path without a folder shows "not available yet".
 */
const pageModules = import.meta.glob<PageModule>([
  './authority/*/index.tsx',
  './base/*/index.tsx',
  './business/*/index.tsx',
  './desk/*/index.tsx',
  './flow/*/index.tsx',
  // Modules written by the code generator (docs/decisions/0021-code-generator.md): /generated/<module>.
  './generated/*/index.tsx',
  './monitor/*/index.tsx',
  './monitor/log/*/index.tsx',
  './report/*/index.tsx',
  './resource/*/index.tsx',
  './system/*/index.tsx',
  './tool/*/index.tsx',
  './work/*/index.tsx',
]);

/** The code of each menu page, by the menu's path without `/index` (web/src/app/menu/routes.ts). */
export const pageRegistry: Readonly<Record<string, () => Promise<PageModule>>> = Object.fromEntries(
  Object.entries(pageModules).map(([file, load]) => [file.slice(1, -'/index.tsx'.length), load]),
);
