import { fileURLToPath } from 'node:url';
import type { CodeColumn } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.js';
import { addMessages, isMessageKey, translate } from '../../src/core/i18n.js';
// The modules' messages, as the app adds them.
import '../../src/messages.js';
import { formatFiles } from '../../src/modules/develop/code/generator/format.js';
import {
  generateModule,
  kindOf,
  type GeneratorInput,
} from '../../src/modules/develop/code/generator/index.js';
import { readSource } from '../support/generated-source.js';

// The code generator's pure part (docs/decisions/0021-code-generator.md): what each engine's column
// types become, which columns it leaves to the project's helpers, what it refuses, and the files it
// writes. That the files compile and their test passes is code-generator-proof.test.ts's part.

const column = (name: string, dataType: string, extra: Partial<CodeColumn> = {}): CodeColumn => ({
  name,
  label: name,
  dataType,
  control: 'input',
  required: false,
  searchable: false,
  inTable: true,
  ...extra,
});

const input = (columns: CodeColumn[], extra: Partial<GeneratorInput> = {}): GeneratorInput => ({
  moduleName: 'cabinet-door',
  tableName: 'demo_cabinet',
  apiPrefix: '/api/zxgxg-api/cabinet-door',
  pageTitle: '柜门管理',
  menuParentCode: 'business',
  columns,
  now: new Date('2025-01-02T03:04:05Z'),
  ...extra,
});

const refusal = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError && error.code === 400) return error.messageKey;
    throw error;
  }
  return undefined;
};

describe('column types', () => {
  it('map the three engines’ names (SQLite as declared, PostgreSQL’s, MySQL’s) to kinds', () => {
    const cases: Array<[string, string, number?]> = [
      ['varchar(64)', 'string', 64],
      ['VARCHAR(20)', 'string', 20],
      ['varchar', 'string', 255],
      ['character varying', 'string', 255],
      ['char(2)', 'string', 2],
      ['uuid', 'string', 36],
      ['varchar(5000)', 'text'],
      ['text', 'text'],
      ['mediumtext', 'text'],
      ['jsonb', 'text'],
      ['integer', 'int'],
      ['INT', 'int'],
      ['int4', 'int'],
      ['int2', 'int'],
      ['tinyint(1)', 'int'],
      ['int unsigned', 'int'],
      ['bool', 'int'],
      ['bigint', 'bigint'],
      ['int8', 'bigint'],
      ['decimal(10,2)', 'decimal'],
      ['numeric', 'decimal'],
      ['float8', 'decimal'],
      ['double', 'decimal'],
      ['date', 'date'],
      ['datetime', 'datetime'],
      ['datetime(3)', 'datetime'],
      ['timestamp', 'datetime'],
      ['timestamptz', 'datetime'],
      ['', 'string', 255],
    ];
    for (const [dataType, kind, length] of cases) {
      const found = kindOf(dataType);
      expect(found?.kind, dataType).toBe(kind);
      if (length !== undefined) expect(found?.length, dataType).toBe(length);
    }
    for (const dataType of ['blob', 'bytea', 'varbinary(16)']) expect(kindOf(dataType), dataType).toBeNull();
  });
});

describe('the generator', () => {
  const columns = [
    column('id', 'bigint', { required: true }),
    column('tenant_id', 'varchar(12)', { required: true }),
    column('cabinet_name', 'varchar(64)', { required: true, searchable: true }),
    column('kind', 'integer', { control: 'select', dict: 'yes_no', required: true, searchable: true }),
    column('remark', 'text', { control: 'textarea', inTable: false }),
    column('install_time', 'datetime', { searchable: true }),
    column('create_time', 'datetime'),
    column('status', 'int'),
    column('is_deleted', 'int'),
  ];
  const files = generateModule(input(columns));
  const file = (suffix: string) => files.find((f) => f.path.endsWith(suffix))!.content;

  it('writes the module in the project’s shape, at the project’s paths', () => {
    expect(files.map((f) => f.path)).toEqual([
      'packages/contract/src/generated/cabinet-door.ts',
      'server/src/db/migrations/generated/20250102030405-cabinet-door.ts',
      'server/src/modules/generated/cabinet-door/cabinet-door.module.ts',
      'server/src/modules/generated/cabinet-door/cabinet-door.repository.ts',
      'server/src/modules/generated/cabinet-door/cabinet-door.service.ts',
      'server/src/modules/generated/cabinet-door/cabinet-door.routes.ts',
      'server/src/modules/generated/cabinet-door/cabinet-door.messages.ts',
      'server/test/integration/generated/cabinet-door.test.ts',
      'web/src/api/generated/cabinet-door.ts',
      'web/src/pages/generated/cabinet-door/index.tsx',
      'web/src/pages/generated/cabinet-door/locales.ts',
    ]);
  });

  it('leaves the id, tenant, audit, status and soft-delete columns to the project’s helpers', () => {
    const migration = file('-cabinet-door.ts');
    expect(migration).toContain("withId(db.schema.createTable('demo_cabinet'), kind)");
    expect(migration).toContain(".addColumn('tenant_id', t.string(12), (c) => c.notNull())");
    for (const helper of ["'id'", "'create_time'", "'status'", "'is_deleted'"])
      expect(migration).not.toContain(`.addColumn(${helper}`);
    expect(file('contract/src/generated/cabinet-door.ts')).not.toMatch(/^\s+(createTime|status|isDeleted):/m);
  });

  it('makes required columns required, searchable ones filters with an index, dictionaries selects', () => {
    const contract = file('contract/src/generated/cabinet-door.ts');
    expect(contract).toContain(
      "cabinetName: RequiredText(CABINET_DOOR_LIMITS.cabinetName, { label: 'cabinetDoor.cabinetName', required: 'cabinetDoor.cabinetName.required' })",
    );
    expect(contract).toContain(
      "remark: OptionalText(CABINET_DOOR_LIMITS.remark, { label: 'cabinetDoor.remark' })",
    );
    expect(contract).toContain('cabinet_door_add: true;');
    const migration = file('-cabinet-door.ts');
    expect(migration).toContain(".addColumn('cabinet_name', t.string(64), (c) => c.notNull())");
    expect(migration).toContain(".columns(['tenant_id', 'cabinet_name'])");
    expect(migration).toContain(".columns(['tenant_id', 'install_time'])");
    expect(migration).not.toContain(".columns(['tenant_id', 'remark'])");
    const repository = file('cabinet-door.repository.ts');
    // The fields and their kinds come from the entity's schema; the repository says what it cannot tell.
    expect(repository).toContain('CabinetDoorSchema,');
    expect(repository).toContain("kinds: { remark: 'text', installTime: 'datetime' },");
    expect(repository).toContain("filter: ['cabinetName', 'kind', 'installTime'],");
    expect(repository).toContain("sort: ['cabinetName', 'kind', 'installTime'],");
    const service = file('cabinet-door.service.ts');
    expect(service).toContain('...inputValues(CabinetDoorInputSchema, input),');
    expect(service).toContain(
      'installTime: input.installTime ? moment(input.installTime, this.store.timeZone) : null,',
    );
    expect(repository).toContain('demo_cabinet: CabinetDoorTable;');
    const page = file('cabinet-door/index.tsx');
    expect(page).toContain("dict: { code: 'yes_no', numeric: true },");
    expect(page).toContain("type: 'select',");
    expect(page).toContain('search: { range: true, withTime: true },');
    expect(page).toContain(
      "permissions: { add: 'cabinet_door_add', edit: 'cabinet_door_edit', delete: 'cabinet_door_delete', view: 'cabinet_door_view' },",
    );
    const module = file('cabinet-door.module.ts');
    expect(module).toContain("parentCode: 'business',");
    expect(module).toContain("path: '/generated/cabinet-door',");
  });

  it('writes messages in both languages that the catalogue takes', () => {
    const messages = file('cabinet-door.messages.ts');
    expect(messages).toContain("'cabinetDoor.cabinetName.required': '请输入cabinet_name',");
    expect(messages).toContain("'cabinetDoor.kind.required': '请选择kind',");
    expect(messages).toContain("'cabinetDoor.kind.required': 'Please choose the kind',");
    addMessages({ zh: { 'codegen-test.label': '标签' }, en: { 'codegen-test.label': 'label' } });
    expect(isMessageKey('codegen-test.label')).toBe(true);
    expect(translate('en', 'codegen-test.label' as never)).toBe('label');
    expect(() => addMessages({ zh: { ok: 'x' }, en: { ok: 'x' } })).toThrow(/already a message/);
  });

  it('refuses columns it cannot turn into fields, naming them', () => {
    expect(refusal(() => generateModule(input([column('Cabinet_Name', 'varchar(10)')])))).toBe(
      'code.column.name',
    );
    expect(refusal(() => generateModule(input([column('slot_1', 'int')])))).toBe('code.column.name');
    expect(refusal(() => generateModule(input([column('size', 'int')])))).toBe('code.column.name');
    expect(refusal(() => generateModule(input([column('photo', 'blob')])))).toBe('code.column.type');
    expect(refusal(() => generateModule(input([column('id', 'bigint'), column('status', 'int')])))).toBe(
      'code.columns.none',
    );
  });

  it('generates any column name the rule allows, whatever the generator calls its own things (issue 45)', () => {
    // Names of the page's texts, the CRUD kit's, the files' variables and the wire's.
    const names = [
      'title',
      'name',
      'label',
      'key',
      'user_id',
      'parent_id',
      'name_required',
      'title_invalid',
      'required',
      'invalid',
      'fields',
      'input',
      'values',
      'body',
      'config',
      'records',
      'total',
      'data',
      'msg',
      'type',
      'prop',
      'tenant',
    ];
    const generated = generateModule(
      input(
        names.map((name) =>
          column(name, name.endsWith('_id') ? 'bigint' : 'varchar(32)', { required: true }),
        ),
      ),
    );
    const source = (suffix: string) => generated.find((f) => f.path.endsWith(suffix))!.content;
    const locales = source('cabinet-door/locales.ts');
    expect(locales).toContain("title: '柜门管理',");
    expect(locales).toMatch(/fields: \{\n {4}title: 'title',\n {4}name: 'name',/);
    expect(locales).toMatch(/required: \{\n {4}title: '请输入title',/);
    expect(locales).toContain("nameRequired: 'name_required',");
    const page = source('cabinet-door/index.tsx');
    expect(page).toContain("title: 'generated.cabinetDoor.title',");
    expect(page).toContain("label: 'generated.cabinetDoor.fields.title',");
    expect(page).toContain("required: 'generated.cabinetDoor.required.title'");
    expect(page).toContain("label: 'generated.cabinetDoor.fields.nameRequired',");
    for (const name of names) expect(source('-cabinet-door.ts')).toContain(`.addColumn('${name}'`);
  });

  it('refuses names it would write as they are, however the record was stored', () => {
    const columns = [column('cabinet_name', 'varchar(10)')];
    const cases: Array<[Partial<GeneratorInput>, string]> = [
      [{ moduleName: '../x' }, 'code.moduleName.invalid'],
      [{ moduleName: "x'; globalThis.PWNED=1; //" }, 'code.moduleName.invalid'],
      [{ moduleName: 'Cabinet' }, 'code.moduleName.invalid'],
      [{ tableName: 'x; drop table blade_user' }, 'code.tableName.invalid'],
      [{ tableName: 'x\u2028y' }, 'code.tableName.invalid'],
      [{ apiPrefix: '/api/../etc' }, 'code.apiPrefix.invalid'],
      [{ apiPrefix: "/api/x'+globalThis.PWNED+'" }, 'code.apiPrefix.invalid'],
    ];
    for (const [extra, key] of cases)
      expect(
        refusal(() => generateModule(input(columns, extra))),
        JSON.stringify(extra),
      ).toBe(key);
    expect(
      refusal(() => generateModule(input([column('kind', 'int', { control: 'select', dict: "yes'no" })]))),
    ).toBe('code.column.dict');
  });
});

describe('titles and labels holding code (issue 44, item 3)', () => {
  const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
  const TITLE = 'T\u2028globalThis.PWNED=1;\u2028//';
  const LABELS = [
    'a\rb',
    'x\u2029globalThis.PWNED=1;\u2029//',
    '*/ globalThis.PWNED=1; /* \' " ` ${(globalThis.PWNED=1)} </script> \\',
  ];
  const columns = (labels: readonly string[]) => [
    column('door_name', 'varchar(64)', { label: labels[0]!, required: true, searchable: true }),
    column('kind', 'integer', { label: labels[1]!, control: 'select', dict: 'yes_no', required: true }),
    column('remark', 'text', { label: labels[2]!, control: 'textarea' }),
  ];
  const generated = (title: string, labels: readonly string[]) =>
    formatFiles(generateModule(input(columns(labels), { pageTitle: title })), ROOT);

  it('writes them as inert text: each file has the statements and identifiers it has for plain text', async () => {
    const plain = await generated('柜门管理', ['柜门名称', '类型', '备注']);
    const hostile = await generated(TITLE, LABELS);
    expect(hostile.map((file) => file.path)).toEqual(plain.map((file) => file.path));
    hostile.forEach((file, i) => {
      const read = readSource(file);
      const expected = readSource(plain[i]!);
      expect(read.syntaxErrors, file.path).toEqual([]);
      expect(read.statements, file.path).toEqual(expected.statements);
      expect(read.identifiers, file.path).toEqual(expected.identifiers);
      expect(read.identifiers.has('PWNED'), file.path).toBe(false);
    });
  });

  it('keeps each text exactly where it is a string', async () => {
    const files = await generated(TITLE, LABELS);
    const strings = (suffix: string) => readSource(files.find((f) => f.path.endsWith(suffix))!).strings;
    // The menu's name, the page's title and the labels (with the required messages made from them).
    expect(strings('cabinet-door.module.ts')).toContain(TITLE);
    expect(strings('cabinet-door/locales.ts')).toEqual(
      expect.arrayContaining([TITLE, ...LABELS, '请输入a\rb']),
    );
    expect(strings('cabinet-door.messages.ts')).toEqual(
      expect.arrayContaining([...LABELS, '请选择' + LABELS[1]]),
    );
    expect(strings('integration/generated/cabinet-door.test.ts')).toContain('请输入a\rb');
  });
});
