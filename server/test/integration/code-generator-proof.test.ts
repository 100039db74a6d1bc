import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../src/db/seed/menus.js';
import { enginesUnderTest } from './support/databases.js';
import { ROOT } from './support/server-process.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// The proof the code generator's output is real (issue 18): a fresh table in a SQLite database
// registered as a data source becomes a code record (its columns read from the table), gen-code's
// zip is unpacked into a scratch copy of the project, and there the module's files pass prettier
// and eslint, the project's type check (the server and the console with the files of the module), and the generated
// integration test (with the schema-agreement test, which reads the new table's columns) on SQLite.

/** Unlikely to be a module of the project one day (gen-code refuses a name that is). */
const MODULE = 'proof-locker';

/** Not copied: dependencies (linked instead), history, build output, documents, local data. */
const SKIP_ANYWHERE = new Set(['node_modules', '.git', 'dist']);
const SKIP_AT_ROOT = new Set(['docs', 'data', 'coverage', 'test-results']);
/** The server's compiled output (bundled into its dist: docs/decisions/0026-bundled-server.md). */
const SERVER_BUILD = path.join(ROOT, 'server', 'build');

/**
 * A copy of the project's files in a new folder, its dependencies linked from the project's
 * node_modules (each package, so the workspace packages resolve to the copy's own folders).
 */
function scratchCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'generated-module-'));
  cpSync(ROOT, dir, {
    recursive: true,
    filter: (source) => {
      const name = path.basename(source);
      if (SKIP_ANYWHERE.has(name) || name.startsWith('dist-') || source === SERVER_BUILD) return false;
      return !(path.dirname(source) === ROOT && SKIP_AT_ROOT.has(name));
    },
  });
  const link = (from: string, to: string, skip: (name: string) => boolean) => {
    if (!existsSync(from)) return;
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from))
      if (!skip(name)) symlinkSync(path.join(from, name), path.join(to, name));
  };
  // The tools' caches and build info stay out: written in the copy, they must not land in the project's.
  link(
    path.join(ROOT, 'node_modules'),
    path.join(dir, 'node_modules'),
    (name) => name.startsWith('.') || name === '@console',
  );
  mkdirSync(path.join(dir, 'node_modules', '@console'));
  for (const [name, folder] of [
    ['contract', 'packages/contract'],
    ['server', 'server'],
    ['web', 'web'],
  ] as const) {
    symlinkSync(path.join('..', '..', folder), path.join(dir, 'node_modules', '@console', name));
    link(path.join(ROOT, folder, 'node_modules'), path.join(dir, folder, 'node_modules'), (n) =>
      n.startsWith('.'),
    );
  }
  return dir;
}

/**
 * A tsconfig beside the project's own in `folder` of the copy (its settings, as the project
 * checks that folder) whose program is `include`, checked without emitting anything and without
 * the project references (the contract's sources are read through the package's `types`).
 */
function proofConfig(scratch: string, folder: 'server' | 'web', include: string[]): string {
  const file = path.join(folder, 'tsconfig.proof.json');
  const config = {
    extends: './tsconfig.json',
    compilerOptions: {
      noEmit: true,
      composite: false,
      incremental: false,
      emitDeclarationOnly: false,
      rootDir: '..',
    },
    include,
    exclude: ['**/*.test.tsx', 'src/**/*.test.ts'],
    references: [],
  };
  writeFileSync(path.join(scratch, file), JSON.stringify(config));
  return file;
}

/**
 * The integration project of the copy's vitest.config.ts without its server build (which only the
 * process tests need: the module's test runs the app in-process), so the copy is not compiled.
 */
function proofVitestConfig(scratch: string): string {
  const file = 'vitest.proof.config.ts';
  writeFileSync(
    path.join(scratch, file),
    `import config from './vitest.config';
const integration = config.test.projects.find((project) => project.test.name === 'server-integration');
export default {
  ...integration,
  test: {
    ...integration.test,
    globalSetup: integration.test.globalSetup.filter((setup) => !setup.endsWith('build-server.ts')),
  },
};
`,
  );
  return file;
}

/** The environment of a tool run in the copy: this run's own vitest variables left out. */
const childEnv = () => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TINYPOOL)/.test(key))),
  TEST_DATABASES: 'sqlite',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
});

/** Runs a node script of the copy's dependencies; answers whether it passed, its output and its time. */
function run(cwd: string, script: string, args: string[]) {
  const started = performance.now();
  return new Promise<{ ok: boolean; output: string; seconds: number }>((resolve) => {
    execFile(
      process.execPath,
      [path.join('node_modules', script), ...args],
      { cwd, env: childEnv(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          ok: !error,
          output: `${stdout}${stderr}`.slice(-20_000),
          seconds: Math.round((performance.now() - started) / 100) / 10,
        }),
    );
  });
}

describe.skipIf(!enginesUnderTest().includes('sqlite'))('a generated module in a copy of the project', () => {
  let t: TestApp;
  let scratch: string | undefined;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('type-checks, and its own integration test passes on SQLite', { timeout: 600_000 }, async () => {
    const started = performance.now();
    // A fresh table with a required column and one fed by a dictionary, in a data source; and columns
    // named like the generator's own texts and keys (`title`, `label`, `name_required`: issue 45).
    const source = new SqliteDatabase(path.join(t.dataDir, 'proof.db'));
    source.exec(`create table proof_locker (
      id bigint primary key,
      tenant_id varchar(12) not null,
      locker_name varchar(64) not null,
      title varchar(64) not null,
      label varchar(32),
      name_required varchar(16),
      parent_id bigint,
      locker_kind integer,
      capacity integer,
      opened_on date,
      remark text,
      create_time datetime,
      status integer not null default 1,
      is_deleted integer not null default 0
    )`);
    source.close();
    const datasource = await t.call({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { name: 'proof', kind: 'sqlite', database: 'proof.db' },
    });
    const tables = await t.call({
      method: 'GET',
      url: `/api/blade-develop/datasource/tables?id=${datasource.body.data.id}`,
    });
    const table = (
      tables.body.data as Array<{
        name: string;
        columns: Array<{ name: string; dataType: string; nullable: boolean; hasDefault: boolean }>;
      }>
    ).find((found) => found.name === 'proof_locker')!;
    const labels: Record<string, string> = {
      locker_name: '柜子名称',
      title: '标题',
      locker_kind: '柜子类型',
      capacity: '容量',
      opened_on: '启用日期',
      remark: '备注',
    };
    const record = await t.call({
      method: 'POST',
      url: '/api/blade-develop/code/submit',
      payload: {
        codeName: '储物柜',
        datasourceId: datasource.body.data.id,
        tableName: 'proof_locker',
        moduleName: MODULE,
        apiPrefix: `/api/zxgxg-api/${MODULE}`,
        menuParentId: menuId('business'),
        pageTitle: '储物柜管理',
        columns: table.columns.map((column) => ({
          name: column.name,
          label: labels[column.name] ?? column.name,
          dataType: column.dataType,
          control: column.name === 'locker_kind' ? 'select' : column.name === 'remark' ? 'textarea' : 'input',
          required: !column.nullable && !column.hasDefault,
          searchable: column.name === 'locker_name' || column.name === 'locker_kind',
          inTable: column.name !== 'remark',
          dict: column.name === 'locker_kind' ? 'yes_no' : null,
        })),
      },
    });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    const zip = await t.app.inject({
      method: 'POST',
      url: `/api/blade-develop/code/gen-code?ids=${record.body.data.id}&system=saber`,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${t.adminToken}` },
    });
    expect(zip.statusCode).toBe(200);
    const files = Object.entries(unzipSync(new Uint8Array(zip.rawPayload)));

    scratch = scratchCopy();
    for (const [file, content] of files) {
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      writeFileSync(path.join(scratch, file), strFromU8(content));
    }
    const paths = files.map(([file]) => file);
    const prepared = Math.round((performance.now() - started) / 100) / 10;

    const prettier = await run(scratch, 'prettier/bin/prettier.cjs', ['--check', ...paths]);
    expect(prettier.ok, prettier.output).toBe(true);
    const eslint = await run(scratch, 'eslint/bin/eslint.js', ['--max-warnings', '0', ...paths]);
    expect(eslint.ok, eslint.output).toBe(true);
    // The programs the module joins, checked with the projects' own settings but without emitting
    // and without the other tests (`npm run typecheck` has checked them): the server's sources with
    // the generated test and its support, beside the console's generated page and api with the page
    // registry; the contract's files are checked where those import them. Side by side on the two
    // cores.
    const [server, web] = await Promise.all([
      run(scratch, 'typescript-native/bin/tsc', [
        '-p',
        proofConfig(scratch, 'server', ['src', 'test/integration/support', 'test/integration/generated']),
      ]),
      run(scratch, 'typescript-native/bin/tsc', [
        '-p',
        proofConfig(scratch, 'web', ['src/pages/generated', 'src/api/generated', 'src/pages/registry.ts']),
      ]),
    ]);
    expect(server.ok, server.output).toBe(true);
    expect(web.ok, web.output).toBe(true);
    const tests = await run(scratch, 'vitest/vitest.mjs', [
      'run',
      '--config',
      proofVitestConfig(scratch),
      `server/test/integration/generated/${MODULE}.test.ts`,
      'server/test/integration/schema-agreement.test.ts',
    ]);
    expect(tests.ok, tests.output).toBe(true);
    expect(tests.output).toMatch(/Test Files\s+2 passed/);

    const total = Math.round((performance.now() - started) / 100) / 10;
    console.log(
      `generated module proof: ${total} s (copy and generate ${prepared} s, prettier ${prettier.seconds} s, ` +
        `eslint ${eslint.seconds} s, type check ${Math.max(server.seconds, web.seconds)} s ` +
        `(server ${server.seconds} s, console ${web.seconds} s), tests ${tests.seconds} s)`,
    );
  });
});
