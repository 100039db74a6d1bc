import type { Code, CodeColumn, CodeInput, Page } from '@console/contract';
import { found, removeAll } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { translate, type Language } from '../../../core/i18n.js';
import { parseListQuery } from '../../../core/list-query.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { DatasourceRepository } from '../datasource/datasource.repository.js';
import { CodeRepository, codeTable, type CodeRecord } from './code.repository.js';

/**
 * Code generation records (研发工具 › 代码生成): which table of which data source becomes a module,
 * and how its columns show. The platform administrator's only (S3, S6).
 */
export class CodeService {
  readonly #codes: CodeRepository;

  constructor(private readonly store: Store) {
    this.#codes = new CodeRepository(store);
  }

  async list(query: Record<string, unknown>): Promise<Page<Code>> {
    const page = await this.#codes.page(PLATFORM, parseListQuery(query, codeTable, this.store.timeZone));
    return { ...page, records: page.records.map(onWire) };
  }

  async detail(id: string): Promise<Code> {
    return onWire(found(await this.#codes.findById(PLATFORM, id)));
  }

  async submit(actor: Actor, input: CodeInput): Promise<Code> {
    if (!(await new DatasourceRepository(this.store).findById(PLATFORM, input.datasourceId)))
      throw badRequest('code.datasource.unknown', { id: input.datasourceId });
    const seen = new Set<string>();
    for (const column of input.columns) {
      if (seen.has(column.name)) throw badRequest('code.column.duplicate', { name: column.name });
      seen.add(column.name);
    }
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
