import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GeneratedMigration } from './generated-migrations.js';
import { CODE_ROOT, MODULE_EXTENSION } from './server-paths.js';

// Modules written by the code generator (docs/decisions/0021-code-generator.md) are folders under
// server/src/modules/generated/<name>/, unpacked from its zip. Each holds `<name>.module.ts`, whose
// default export describes the module (core/generated-modules.ts). The server finds the folders
// here, below every other layer: its migrations run after the core ones in their own sequence
// (db/migrate.ts) and its menu and buttons are added to the menu tree (db/seed) before the app is
// built; the app then registers its routes and adds its messages (core/generated-modules.ts).

/** A page of the menu tree and its buttons, placed under the menu whose code is `parentCode`. */
export interface GeneratedMenu {
  /** The code of the menu it sits under (a group such as `business`); null: the top level. */
  parentCode: string | null;
  code: string;
  name: string;
  /** The console's route: the page's folder, `/generated/<name>`. */
  path: string;
  /** The menu's icon (an antd icon name of web/src/app/menu/icons.tsx). */
  source: string;
  sort: number;
  buttons: ReadonlyArray<{ code: string; name: string; alias: string; source: string; action: number }>;
}

/** What the database reads of a module's descriptor: its name, migrations and menu page. */
export interface GeneratedModuleData {
  /** The folder's name (kebab-case). */
  name: string;
  /** Migrations by name (`<yyyyMMddHHmmss>-<name>`): run in order after the core migrations. */
  migrations: Readonly<Record<string, GeneratedMigration>>;
  menu: GeneratedMenu;
}

/** server/src/modules/generated (or server/dist/modules/generated). */
export const GENERATED_MODULES_DIR = path.join(CODE_ROOT, 'modules/generated');

const MODULE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MIGRATION_NAME = /^\d{14}-[a-z0-9-]+$/;

let loading: Promise<GeneratedModuleData[]> | undefined;

/**
 * The descriptors of the generated modules in server/src/modules/generated, by name; loaded once
 * per process. A folder without its module file, or a descriptor that does not fit its folder,
 * stops the start with a clear error rather than half a module.
 */
export function loadGeneratedModules(): Promise<GeneratedModuleData[]> {
  loading ??= loadModules(GENERATED_MODULES_DIR);
  return loading;
}

async function loadModules(dir: string): Promise<GeneratedModuleData[]> {
  let folders: string[];
  try {
    folders = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const modules: GeneratedModuleData[] = [];
  const migrationNames = new Set<string>();
  for (const folder of folders) {
    const file = path.join(dir, folder, `${folder}.module${MODULE_EXTENSION}`);
    if (!existsSync(file)) throw new Error(`generated module ${folder}: ${path.basename(file)} is missing`);
    const loaded = ((await import(pathToFileURL(file).href)) as { default?: GeneratedModuleData }).default;
    if (!loaded || loaded.name !== folder || !MODULE_NAME.test(folder))
      throw new Error(`generated module ${folder}: its default export must be the module named ${folder}`);
    for (const name of Object.keys(loaded.migrations)) {
      if (!MIGRATION_NAME.test(name) || migrationNames.has(name))
        throw new Error(`generated module ${folder}: migration ${name} is misnamed or not unique`);
      migrationNames.add(name);
    }
    modules.push(loaded);
  }
  return modules;
}

/**
 * The names of the server's module folders (the areas, their modules and the generated ones): a
 * generated module may take none of them.
 */
export async function moduleFolderNames(): Promise<Set<string>> {
  const modulesDir = path.dirname(GENERATED_MODULES_DIR);
  const names = new Set<string>();
  const folders = async (dir: string) =>
    (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory());
  for (const area of await folders(modulesDir)) {
    names.add(area.name);
    for (const module of await folders(path.join(modulesDir, area.name))) names.add(module.name);
  }
  return names;
}
