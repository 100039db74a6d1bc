import { buttonsOf } from './contract.js';
import type { FieldPlan, GeneratedFile, ModulePlan } from './plan.js';
import { commentText, stringLiteral } from './source-text.js';

// The server's files of a generated module, in the shape of docs/adding-a-module.md: the migration
// (in db/, where the query builder may be imported), and under modules/generated/<module>/ the
// repository (with its row type, added to the Database by declaration merging), the service, the
// routes on the shared CRUD helper, the messages and the module's descriptor that the server finds
// at start (core/generated-modules.ts).

/** Longest index name on the three engines (PostgreSQL 63, MySQL 64), with room to spare. */
const INDEX_NAME_MAX = 60;

/** A short stable hash (FNV-1a 32), for index names that would be too long. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

export function indexName(table: string, column: string): string {
  const name = `idx_${table}_${column}`.toLowerCase();
  return name.length <= INDEX_NAME_MAX ? name : `${name.slice(0, INDEX_NAME_MAX - 8)}_${hash(name)}`;
}

function migrationColumn(field: FieldPlan): string {
  const type = {
    string: `t.string(${field.length})`,
    text: 't.text',
    int: 't.int',
    bigint: 't.id',
    decimal: 'sql`decimal(18, 4)`',
    date: 't.string(10)',
    datetime: 't.datetime',
  }[field.kind];
  return `.addColumn(${stringLiteral(field.column)}, ${type}${field.required ? ', (c) => c.notNull()' : ''})`;
}

/** The searchable columns an index can serve (MySQL indexes no text column whole). */
const indexed = (plan: ModulePlan) =>
  plan.fields.filter((field) => field.searchable && field.kind !== 'text');

function migrationFile(plan: ModulePlan): GeneratedFile {
  const decimal = plan.fields.some((field) => field.kind === 'decimal');
  const lines = [
    decimal ? "import { sql, type Kysely } from 'kysely';" : "import type { Kysely } from 'kysely';",
    "import { columnTypes, finish, kindOf, withAudit, withId } from '../../column-types.js';",
    '',
    `// ${commentText(`${plan.title} (module ${plan.kebab})`)}: its table, written by the code generator. The`,
    `// generated modules' migrations are their own sequence (db/generated-migrations.ts), listed in the`,
    `// module's ${commentText(plan.kebab)}.module.ts; one that has run is never edited: a change is a new one beside it.`,
    '',
    'export async function up(db: Kysely<unknown>): Promise<void> {',
    '  const kind = kindOf(db);',
    '  const t = columnTypes(kind);',
    '  await finish(',
    '    withAudit(',
    `      withId(db.schema.createTable(${stringLiteral(plan.table)}), kind)`,
    "        .addColumn('tenant_id', t.string(12), (c) => c.notNull())",
    ...plan.fields.map(
      (field, i, all) => `        ${migrationColumn(field)}${i === all.length - 1 ? ',' : ''}`,
    ),
    '      kind,',
    '    ),',
    '    kind,',
    '  ).execute();',
    ...indexed(plan).flatMap((field) => [
      '  await db.schema',
      `    .createIndex(${stringLiteral(indexName(plan.table, field.column))})`,
      `    .on(${stringLiteral(plan.table)})`,
      `    .columns(['tenant_id', ${stringLiteral(field.column)}])`,
      '    .execute();',
    ]),
    '}',
    '',
  ];
  return { path: `server/src/db/migrations/generated/${plan.migration}.ts`, content: lines.join('\n') };
}

function rowType(field: FieldPlan): string {
  const type = {
    string: 'string',
    text: 'string',
    int: 'DbInt',
    bigint: 'DbId',
    decimal: 'DbInt',
    date: 'string',
    datetime: 'DbDate',
  }[field.kind];
  return field.required ? type : `${type} | null`;
}

/**
 * The kinds the entity's schema does not tell (core/repository/table.ts, SchemaTableSpec): ids and
 * instants are strings on the wire, and a text column is kept apart from a varchar.
 */
const UNREAD_KINDS: Partial<Record<FieldPlan['kind'], string>> = {
  text: "'text'",
  bigint: "'id'",
  datetime: "'datetime'",
};

const sortable = (field: FieldPlan) => field.inTable && field.kind !== 'text';

/** `  name: [...],` of the fields that have it, or nothing. */
function fieldList(name: string, fields: FieldPlan[]): string[] {
  return fields.length > 0 ? [`    ${name}: [${fields.map((f) => stringLiteral(f.field)).join(', ')}],`] : [];
}

function repositoryFile(plan: ModulePlan): GeneratedFile {
  const dbTypes = new Set(['AuditColumns', 'TenantScoped', ...plan.fields.map(rowType)]);
  const used = ['AuditColumns', 'DbDate', 'DbId', 'DbInt', 'TenantScoped'].filter((name) =>
    [...dbTypes].some((type) => type.startsWith(name)),
  );
  const kinds = plan.fields.flatMap((field) => {
    const kind = UNREAD_KINDS[field.kind];
    return kind ? [`${field.field}: ${kind}`] : [];
  });
  const lines = [
    `import { ${plan.pascal}Schema, type ${plan.pascal} } from ${stringLiteral(`@console/contract/generated/${plan.kebab}`)};`,
    "import type { Store } from '../../../core/repository/store.js';",
    "import { TableRepository } from '../../../core/repository/table-repository.js';",
    "import { defineTable } from '../../../core/repository/table.js';",
    `import type { ${used.join(', ')} } from '../../../db/schema.js';`,
    '',
    `/** ${commentText(`${plan.table} as the drivers answer it (migration ${plan.migration})`)}. */`,
    `export interface ${plan.pascal}Table extends AuditColumns, TenantScoped {`,
    ...plan.fields.map((field) => `  ${field.column}: ${rowType(field)};`),
    '}',
    '',
    "// The table joins the database's row types (db/schema.ts) without changing that file.",
    "declare module '../../../db/schema.js' {",
    '  interface Database {',
    `    ${plan.table}: ${plan.pascal}Table;`,
    '  }',
    '}',
    '',
    `/** ${commentText(`${plan.title} (${plan.table})`)}: the rows of the caller's tenant, the fields of its schema. */`,
    `export const ${plan.camel}Table = defineTable(`,
    `  ${plan.pascal}Schema,`,
    `  ${stringLiteral(plan.table)},`,
    '  { tenantScoped: true },',
    '  {',
    ...(kinds.length > 0 ? [`    kinds: { ${kinds.join(', ')} },`] : []),
    ...fieldList(
      'filter',
      plan.fields.filter((field) => field.searchable),
    ),
    ...fieldList('sort', plan.fields.filter(sortable)),
    '  },',
    ');',
    '',
    `export class ${plan.pascal}Repository extends TableRepository<${plan.pascal}, ${stringLiteral(plan.table)}> {`,
    '  constructor(store: Store) {',
    `    super(store, ${plan.camel}Table);`,
    '  }',
    '}',
    '',
  ];
  return {
    path: `server/src/modules/generated/${plan.kebab}/${plan.kebab}.repository.ts`,
    content: lines.join('\n'),
  };
}

/** A datetime field's value: the wire moment read as the instant the column keeps. */
function momentValue(field: FieldPlan): string {
  const value = `input.${field.field}`;
  const moment = `moment(${value}, this.store.timeZone)`;
  return field.required ? moment : `${value} ? ${moment} : null`;
}

function serviceFile(plan: ModulePlan): GeneratedFile {
  const moments = plan.fields.filter((field) => field.kind === 'datetime');
  const { pascal, camel, table } = plan;
  const lines = [
    `import { ${pascal}InputSchema, type ${pascal}, type ${pascal}Input } from ${stringLiteral(`@console/contract/generated/${plan.kebab}`)};`,
    ...(moments.length > 0 ? ["import { parseDateTime } from '../../../core/dates.js';"] : []),
    "import { EntityService, inputValues } from '../../../core/entity-service.js';",
    "import type { Actor, Store } from '../../../core/repository/store.js';",
    `import { ${pascal}Repository, ${camel}Table } from ${stringLiteral(`./${plan.kebab}.repository.js`)};`,
    '',
  ];
  if (moments.length > 0)
    lines.push(
      "/** A wire moment ('YYYY-MM-DD HH:mm:ss' in the server's time zone) as the instant the column keeps. */",
      'function moment(text: string, timeZone: string): string {',
      '  // The input schema lets through only moments of real days, which parseDateTime reads; the',
      '  // repository writes a Date as it is (core/repository/table.ts, toDb).',
      '  return parseDateTime(text, timeZone)!.instant as unknown as string;',
      '}',
      '',
    );
  const values =
    moments.length > 0
      ? [
          '    const values = {',
          `      ...inputValues(${pascal}InputSchema, input),`,
          ...moments.map((field) => `      ${field.field}: ${momentValue(field)},`),
          '    };',
          '    return this.save(this.repository, actor, input.id || undefined, values);',
        ]
      : [
          `    return this.save(this.repository, actor, input.id || undefined, inputValues(${pascal}InputSchema, input));`,
        ];
  lines.push(
    `/** ${commentText(`${plan.title} (${table})`)}: list, detail and remove from the base; submit saves the form's fields (inputValues). */`,
    `export class ${pascal}Service extends EntityService<${pascal}, ${pascal}Input, ${stringLiteral(table)}, ${pascal}Repository> {`,
    '  constructor(store: Store) {',
    `    super(store, ${camel}Table, (s) => new ${pascal}Repository(s));`,
    '  }',
    '',
    `  async submit(actor: Actor, input: ${pascal}Input): Promise<${pascal}> {`,
    ...values,
    '  }',
    '}',
    '',
  );
  return {
    path: `server/src/modules/generated/${plan.kebab}/${plan.kebab}.service.ts`,
    content: lines.join('\n'),
  };
}

function routesFile(plan: ModulePlan): GeneratedFile {
  const [add, edit, remove] = buttonsOf(plan);
  const lines = [
    "import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';",
    `import { ${plan.pascal}InputSchema, ${plan.pascal}Schema } from ${stringLiteral(`@console/contract/generated/${plan.kebab}`)};`,
    "import { registerCrudRoutes } from '../../../core/crud-routes.js';",
    `import type { ${plan.pascal}Service } from ${stringLiteral(`./${plan.kebab}.service.js`)};`,
    '',
    `/** ${commentText(`${plan.prefix}: ${plan.title}`)}, the caller's tenant's rows. */`,
    `export const ${plan.camel}Routes: FastifyPluginAsyncTypebox<{ service: ${plan.pascal}Service }> = async (app, { service }) => {`,
    '  registerCrudRoutes(app, {',
    `    entity: ${plan.pascal}Schema,`,
    `    input: ${plan.pascal}InputSchema,`,
    '    service,',
    '    access: {',
    `      read: { menu: ${stringLiteral(plan.code)} },`,
    `      submit: { access: 'user', button: { create: ${stringLiteral(add!)}, update: ${stringLiteral(edit!)} } },`,
    `      remove: { access: 'user', button: ${stringLiteral(remove!)} },`,
    '    },',
    '  });',
    '};',
    '',
  ];
  return {
    path: `server/src/modules/generated/${plan.kebab}/${plan.kebab}.routes.ts`,
    content: lines.join('\n'),
  };
}

/** A field chosen from a list (请选择…) rather than typed (请输入…). */
export const choosing = (field: FieldPlan) => field.control === 'select' || field.control === 'radio';

/** The module's messages: each field's label and, for a required one, its required message. */
export function messageEntries(plan: ModulePlan): { key: string; zh: string; en: string }[] {
  return plan.fields.flatMap((field) => {
    const key = `${plan.camel}.${field.field}`;
    const english = field.english.toLowerCase();
    const entries = [{ key, zh: field.label, en: english }];
    if (field.required)
      entries.push({
        key: `${key}.required`,
        zh: `${choosing(field) ? '请选择' : '请输入'}${field.label}`,
        en: `Please ${choosing(field) ? 'choose' : 'enter'} the ${english}`,
      });
    return entries;
  });
}

function messagesFile(plan: ModulePlan): GeneratedFile {
  const entries = messageEntries(plan);
  const lines = [
    `// The ${commentText(plan.kebab)} module's server messages (zh-CN and en), added to the catalogue at start.`,
    '',
    `export const ${plan.camel}Messages = {`,
    '  zh: {',
    ...entries.map((entry) => `    ${stringLiteral(entry.key)}: ${stringLiteral(entry.zh)},`),
    '  },',
    '  en: {',
    ...entries.map((entry) => `    ${stringLiteral(entry.key)}: ${stringLiteral(entry.en)},`),
    '  },',
    '} as const;',
    '',
  ];
  return {
    path: `server/src/modules/generated/${plan.kebab}/${plan.kebab}.messages.ts`,
    content: lines.join('\n'),
  };
}

const BUTTONS = [
  ['add', '新增', 'plus', 1],
  ['edit', '修改', 'form', 2],
  ['delete', '删除', 'delete', 3],
  ['view', '查看', 'file-text', 2],
] as const;

/** The menu's icon: one of those the console draws (web/src/app/menu/icons.tsx). */
export const GENERATED_MENU_ICON = 'TableOutlined';

function moduleFile(plan: ModulePlan): GeneratedFile {
  const lines = [
    "import { defineGeneratedModule } from '../../../core/generated-modules.js';",
    `import * as migration from ${stringLiteral(`../../../db/migrations/generated/${plan.migration}.js`)};`,
    `import { ${plan.camel}Messages } from ${stringLiteral(`./${plan.kebab}.messages.js`)};`,
    `import { ${plan.camel}Routes } from ${stringLiteral(`./${plan.kebab}.routes.js`)};`,
    `import { ${plan.pascal}Service } from ${stringLiteral(`./${plan.kebab}.service.js`)};`,
    '',
    `/**`,
    ` * ${commentText(`${plan.title} (${plan.prefix})`)}, written by the code generator: found by the server at start`,
    ' * (core/generated-modules.ts), which registers its routes, runs its migrations, adds its messages and',
    ' * its page with the buttons to the menu tree.',
    ' */',
    'export default defineGeneratedModule({',
    `  name: ${stringLiteral(plan.kebab)},`,
    `  prefix: ${stringLiteral(plan.prefix)},`,
    '  register: async (app, store) => {',
    `    await app.register(${plan.camel}Routes, { service: new ${plan.pascal}Service(store) });`,
    '  },',
    `  migrations: { ${stringLiteral(plan.migration)}: migration },`,
    `  messages: ${plan.camel}Messages,`,
    '  menu: {',
    `    parentCode: ${plan.parentCode === null ? 'null' : stringLiteral(plan.parentCode)},`,
    `    code: ${stringLiteral(plan.code)},`,
    `    name: ${stringLiteral(plan.title)},`,
    `    path: ${stringLiteral(`/generated/${plan.kebab}`)},`,
    `    source: ${stringLiteral(GENERATED_MENU_ICON)},`,
    '    sort: 99,',
    '    buttons: [',
    ...BUTTONS.map(
      ([alias, name, source, action]) =>
        `      { code: ${stringLiteral(`${plan.code}_${alias}`)}, name: ${stringLiteral(name)}, alias: ${stringLiteral(alias)}, source: ${stringLiteral(source)}, action: ${action} },`,
    ),
    '    ],',
    '  },',
    '});',
    '',
  ];
  return {
    path: `server/src/modules/generated/${plan.kebab}/${plan.kebab}.module.ts`,
    content: lines.join('\n'),
  };
}

export function serverFiles(plan: ModulePlan): GeneratedFile[] {
  return [
    migrationFile(plan),
    moduleFile(plan),
    repositoryFile(plan),
    serviceFile(plan),
    routesFile(plan),
    messagesFile(plan),
  ];
}
