import path from 'node:path';
import {
  BUTTON_CODES,
  MENU_CODES,
  type Code,
  type CodeColumn,
  type CodeInput,
  type DatasourceTable,
  type Page,
  columnsFromTable,
} from '@console/contract';
import { CODE_LIMITS, CODE_NAME_PATTERNS } from '@console/contract/schema';
import { createRequire } from 'node:module';
import type * as Fflate from 'fflate';
import { found, idsOf, removeAll } from '../../../core/entity-service.js';
import { ApiError, badRequest, notFound } from '../../../core/errors.js';
import { GENERATED_MODULES_DIR, moduleFolderNames } from '../../../db/generated-modules.js';
import { isMessageKey, translate, type Language } from '../../../core/i18n.js';
import { parseListQuery } from '../../../core/list-query.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { DatasourceRepository } from '../datasource/datasource.repository.js';
import { CodeRepository, codeTable, ConsoleCatalogRepository, type CodeRecord } from './code.repository.js';
import { formatFiles } from './generator/format.js';
import { holdsHiddenCharacters } from './generator/source-text.js';
import {
  buttonsOf,
  generateModule,
  messageEntries,
  planModule,
  type GeneratedFile,
  type GeneratorInput,
} from './generator/index.js';

// fflate loads with the first download, not at start (a rare call). require(): zipping stays synchronous.
const require = createRequire(import.meta.url);
const zipOf = (files: readonly GeneratedFile[]): Uint8Array => {
  const { zipSync, strToU8 } = require('fflate') as typeof Fflate;
  return zipSync(Object.fromEntries(files.map((file) => [file.path, strToU8(file.content)])));
};

/** What gen-code's `system` may name: the BladeX console (`saber`), which this console stands for. */
const SYSTEMS = new Set(['saber']);

/** Names a generated module may not take: words of JavaScript and the project's own folder names. */
const RESERVED = new Set(
  [
    'await break case catch class const continue debugger default delete do else enum export extends',
    'false finally for function if implements import in instanceof interface let new null package',
    'private protected public return static super switch this throw true try typeof var void while',
    'with yield constructor prototype',
    'api app cli core db dist generated index modules node-modules shared src support test web',
  ]
    .join(' ')
    .split(' '),
);

/** The project's root (server/src/modules/generated → four levels up): where its .prettierrc is. */
const PROJECT_ROOT = path.resolve(GENERATED_MODULES_DIR, '../../../..');

/** Whether the server has a route: a generated module's prefix may not land on one. */
export type RouteTaken = (url: string) => boolean;

/** The menu and button codes of the contract: no generated module may take one. */
const LISTED_CODES = new Set<string>([...MENU_CODES, ...BUTTON_CODES]);

/** What a generated module may not take, read once per call. */
interface ConsoleNames {
  folders: Set<string>;
  tables: Set<string>;
  catalog: ConsoleCatalogRepository;
  routeTaken: RouteTaken;
}

/** A submit's body with what BladeX's form leaves out made (CodeService.#complete). */
type CompleteCodeInput = CodeInput &
  Required<Pick<CodeInput, 'moduleName' | 'apiPrefix' | 'pageTitle' | 'columns'>>;

/** The parts of a record (stored, or a submit's body) that the generator reads. */
type GeneratableRecord = Pick<
  CompleteCodeInput,
  'moduleName' | 'tableName' | 'apiPrefix' | 'pageTitle' | 'menuParentId' | 'columns'
>;

const isPattern = (kind: 'moduleName' | 'apiPrefix', value: string, limit: number) =>
  value.length <= limit && new RegExp(CODE_NAME_PATTERNS[kind]).test(value);

/** BladeX's module of a table: `blade_notice` with prefix `blade_` is `notice`; null when no name comes of it. */
function moduleNameOf(tableName: string, tablePrefix: string | null | undefined): string | null {
  const prefix = tablePrefix?.trim() ?? '';
  const rest =
    prefix && tableName.toLowerCase().startsWith(prefix.toLowerCase())
      ? tableName.slice(prefix.length)
      : tableName;
  const name = rest
    .toLowerCase()
    .replace(/_+/g, '-')
    .replace(/^-+|-+$/g, '');
  return isPattern('moduleName', name, CODE_LIMITS.moduleName) ? name : null;
}

/** BladeX's routes are `/<service>/<module>`; here under `/api`. Null without a service that makes a path. */
function apiPrefixOf(serviceName: string | null | undefined, moduleName: string): string | null {
  const service = serviceName?.trim().toLowerCase();
  if (!service) return null;
  const prefix = `/api/${service}/${moduleName}`;
  return isPattern('apiPrefix', prefix, CODE_LIMITS.apiPrefix) ? prefix : null;
}

/**
 * Code generation records (研发工具 › 代码生成): which table of which data source becomes a module,
 * and how its columns show. The platform administrator's only (S3, S6).
 */
export class CodeService {
  readonly #codes: CodeRepository;

  /**
   * `tablesOf`: a data source's tables with their columns (DatasourceService.tables), which submit
   * holds the record's table and columns to.
   */
  constructor(
    private readonly store: Store,
    private readonly tablesOf: (datasourceId: string) => Promise<DatasourceTable[]>,
  ) {
    this.#codes = new CodeRepository(store);
  }

  async list(query: Record<string, unknown>): Promise<Page<Code>> {
    const page = await this.#codes.page(PLATFORM, parseListQuery(query, codeTable, this.store.timeZone));
    return { ...page, records: page.records.map(onWire) };
  }

  async detail(id: string): Promise<Code> {
    return onWire(found(await this.#codes.findById(PLATFORM, id)));
  }

  async submit(actor: Actor, body: CodeInput, routeTaken: RouteTaken): Promise<Code> {
    if (!(await new DatasourceRepository(this.store).findById(PLATFORM, body.datasourceId)))
      throw badRequest('code.datasource.unknown', { id: body.datasourceId });
    let read: Promise<DatasourceTable> | undefined;
    const table = () => (read ??= this.#table(body));
    const input = await this.#complete(body, table);
    // The title and the labels are written into the generated files (comments, strings): none may
    // hold what ends a line there or hides what it says. The generator escapes them all the same
    // (generator/source-text.ts), for records stored before this check or some other way.
    if (holdsHiddenCharacters(input.codeName.trim())) throw badRequest('code.codeName.hidden');
    if (holdsHiddenCharacters(input.pageTitle.trim())) throw badRequest('code.pageTitle.hidden');
    for (const column of input.columns)
      if (holdsHiddenCharacters(column.label.trim()))
        throw badRequest('code.column.label.hidden', { name: column.name });
    const seen = new Set<string>();
    for (const column of input.columns) {
      if (seen.has(column.name)) throw badRequest('code.column.duplicate', { name: column.name });
      seen.add(column.name);
    }
    await this.#generatable(input, await this.#consoleNames(routeTaken), new Date());
    // The grid's columns are the table's (a grid kept from another table would generate others).
    const columns = new Set((await table()).columns.map((column) => column.name));
    const missing = input.columns.filter((column) => !columns.has(column.name)).map((column) => column.name);
    if (missing.length > 0)
      throw badRequest('code.columns.notInTable', { table: input.tableName, names: missing.join(', ') });
    const values: Partial<CodeRecord> = {
      codeName: input.codeName.trim(),
      datasourceId: input.datasourceId,
      tableName: input.tableName,
      moduleName: input.moduleName,
      apiPrefix: input.apiPrefix,
      menuParentId: input.menuParentId || null,
      pageTitle: input.pageTitle.trim(),
      columns: JSON.stringify(input.columns.map(normalColumn)),
    };
    const id = input.id || undefined;
    if (id === undefined) return this.detail(await this.#codes.insert(actor, values));
    found(await this.#codes.findById(PLATFORM, id));
    await this.#codes.update(actor, id, values);
    return this.detail(id);
  }

  async remove(actor: Actor, rawIds: string): Promise<number> {
    return (await removeAll(this.store, (tx) => new CodeRepository(tx), actor, rawIds)).length;
  }

  /**
   * gen-code: the modules of the records as one zip (paths from the project's root). `system` is
   * what the BladeX console sends: `saber` (or nothing) means this console; anything else is a 400.
   */
  async genCode(
    rawIds: string,
    system: string | undefined,
    routeTaken: RouteTaken,
  ): Promise<{ name: string; zip: Uint8Array }> {
    if (system && !SYSTEMS.has(system)) throw badRequest('code.system.unsupported', { system });
    const ids = idsOf(rawIds);
    const records = await this.#codes.findByIds(PLATFORM, ids);
    if (records.length !== new Set(ids).size) throw notFound();
    const byId = new Map(records.map((record) => [record.id, record]));
    const files = await this.#generate(
      [...new Set(ids)].map((id) => onWire(byId.get(id)!)),
      routeTaken,
    );
    const names = [...new Set(records.map((record) => record.moduleName))];
    return {
      name: names.length === 1 ? names[0]! : 'modules',
      zip: zipOf(files),
    };
  }

  /** preview: the files gen-code would write for one record. */
  async preview(id: string, routeTaken: RouteTaken): Promise<GeneratedFile[]> {
    return this.#generate([await this.detail(id)], routeTaken);
  }

  /**
   * The files of the records' modules, from their stored columns (the data source is not read), laid
   * out as the project's prettier does. Refused (400) for a name any part of the console has taken.
   */
  async #generate(codes: readonly Code[], routeTaken: RouteTaken): Promise<GeneratedFile[]> {
    const names = await this.#consoleNames(routeTaken);
    const seen = new Set<string>();
    /** The menu and button codes of the modules before this one in the zip. */
    const batchCodes = new Set<string>();
    const now = new Date();
    const files: GeneratedFile[] = [];
    for (const code of codes) {
      for (const unique of [code.moduleName, code.tableName.toLowerCase(), code.apiPrefix]) {
        if (seen.has(unique)) throw badRequest('code.module.twice', { name: unique });
        seen.add(unique);
      }
      const { input, permissionCodes } = await this.#generatable(code, names, now);
      for (const permission of permissionCodes) {
        if (batchCodes.has(permission)) throw badRequest('code.moduleName.menuTaken', { code: permission });
        batchCodes.add(permission);
      }
      files.push(...generateModule(input));
    }
    return formatFiles(files, PROJECT_ROOT);
  }

  /** What a generated module may not take: the console's folders, tables, routes and menus. */
  async #consoleNames(routeTaken: RouteTaken): Promise<ConsoleNames> {
    const catalog = new ConsoleCatalogRepository(this.store);
    return { folders: await moduleFolderNames(), tables: await catalog.tableNames(), catalog, routeTaken };
  }

  /**
   * The generator's input for one record, or the 400 saying why the generator refuses it: submit
   * and gen-code ask the same, so a record the generator refuses is not saved.
   */
  async #generatable(
    code: GeneratableRecord,
    { folders, tables, catalog, routeTaken }: ConsoleNames,
    now: Date,
  ): Promise<{ input: GeneratorInput; permissionCodes: string[] }> {
    const name = code.moduleName;
    if (RESERVED.has(name)) throw badRequest('code.moduleName.reserved', { name });
    if (folders.has(name)) throw badRequest('code.moduleName.exists', { name });
    if (tables.has(code.tableName.toLowerCase()))
      throw badRequest('code.tableName.taken', { name: code.tableName });
    if (['list', 'detail', 'submit', 'remove'].some((call) => routeTaken(`${code.apiPrefix}/${call}`)))
      throw badRequest('code.apiPrefix.taken', { prefix: code.apiPrefix });
    const input: GeneratorInput = {
      moduleName: name,
      tableName: code.tableName,
      apiPrefix: code.apiPrefix,
      pageTitle: code.pageTitle,
      menuParentCode: code.menuParentId ? ((await catalog.menuCode(code.menuParentId)) ?? null) : null,
      columns: code.columns,
      now,
    };
    const plan = planModule(input);
    const permissionCodes = [plan.code, ...buttonsOf(plan)];
    const taken = [
      ...permissionCodes.filter((permission) => LISTED_CODES.has(permission)),
      ...(await catalog.menuCodesTaken(permissionCodes)),
    ];
    if (taken.length > 0) throw badRequest('code.moduleName.menuTaken', { code: taken[0]! });
    const message = messageEntries(plan).find((entry) => isMessageKey(entry.key));
    if (message) throw badRequest('code.moduleName.messageTaken', { name, key: message.key });
    return { input, permissionCodes };
  }

  /** The record's table as its data source has it: a 400 when the source lacks it or cannot be read. */
  async #table(input: Pick<CodeInput, 'datasourceId' | 'tableName'>): Promise<DatasourceTable> {
    let tables: DatasourceTable[];
    try {
      tables = await this.tablesOf(input.datasourceId);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw badRequest('code.datasource.unreadable', {
        reason: (error instanceof Error ? error.message : String(error)).slice(0, 200),
      });
    }
    const table = tables.find((each) => each.name === input.tableName);
    if (!table) throw badRequest('code.tableName.unknown', { name: input.tableName });
    return table;
  }

  /**
   * The record whole. BladeX's form (Saber) sends no module name, API prefix, page title or grid:
   * they are made from what it sends (the table without its prefix, the service, the record's name,
   * the table's columns as read), or a 400 says which field this server needs. Its Java-only
   * fields (package, paths, pkName, base and wrapper modes) mean nothing here and are not kept.
   */
  async #complete(body: CodeInput, table: () => Promise<DatasourceTable>): Promise<CompleteCodeInput> {
    const moduleName = body.moduleName ?? moduleNameOf(body.tableName, body.tablePrefix);
    if (moduleName === null) throw badRequest('code.saber.moduleName', { table: body.tableName });
    const apiPrefix = body.apiPrefix ?? apiPrefixOf(body.serviceName, moduleName);
    if (apiPrefix === null) throw badRequest('code.saber.apiPrefix');
    return {
      ...body,
      moduleName,
      apiPrefix,
      pageTitle: body.pageTitle ?? body.codeName,
      columns: body.columns ?? columnsFromTable(await table()),
    };
  }

  /** copy: a new record like the one given, named as its copy. */
  async copy(actor: Actor, id: string, language: Language): Promise<Code> {
    const original = found(await this.#codes.findById(PLATFORM, id));
    const { codeName, datasourceId, tableName, moduleName, apiPrefix, menuParentId, pageTitle, columns } =
      original;
    const copyName = translate(language, 'code.copyOf', { name: codeName }).slice(0, 64);
    return this.detail(
      await this.#codes.insert(actor, {
        codeName: copyName,
        datasourceId,
        tableName,
        moduleName,
        apiPrefix,
        menuParentId,
        pageTitle,
        columns,
      }),
    );
  }
}

const normalColumn = (column: CodeColumn): CodeColumn => ({
  ...column,
  label: column.label.trim(),
  dict: column.dict || null,
});

function onWire(record: CodeRecord): Code {
  let columns: CodeColumn[] = [];
  try {
    columns = JSON.parse(record.columns) as CodeColumn[];
  } catch {
    // A hand-edited row: listed with no columns rather than failing the list.
  }
  return { ...record, columns };
}
