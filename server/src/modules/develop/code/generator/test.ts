import { buttonsOf } from './contract.js';
import { choosing } from './server.js';
import type { FieldPlan, GeneratedFile, ModulePlan } from './plan.js';
import { commentText, stringLiteral } from './source-text.js';

// The generated module's integration test, on every engine as the project's own tests are: the CRUD
// round trip over HTTP, a validation error with its message, and another tenant's ids answering 404.

function sample(field: FieldPlan, second: boolean): string {
  switch (field.kind) {
    case 'string':
      return stringLiteral((second ? 'y2' : 'x1').slice(0, Math.max(1, field.length)));
    case 'text':
      return stringLiteral(second ? 'text 2' : 'text 1');
    case 'int':
      return second ? '2' : '1';
    case 'bigint':
      return second ? "'43'" : "'42'";
    case 'decimal':
      return second ? '7.25' : '12.5';
    case 'date':
      return second ? "'2024-06-02'" : "'2024-05-01'";
    case 'datetime':
      return second ? "'2024-06-02 09:45:00'" : "'2024-05-01 08:30:00'";
  }
}

const values = (plan: ModulePlan, second: boolean) =>
  `{ ${plan.fields.map((field) => `${field.field}: ${sample(field, second)}`).join(', ')} }`;

export function testFile(plan: ModulePlan): GeneratedFile {
  const required = plan.fields.find((field) => field.required);
  const filter = plan.fields.find(
    (field) => field.searchable && (field.kind === 'string' || field.kind === 'int'),
  );
  const codes = [plan.code, ...buttonsOf(plan)];
  const lines = [
    "import { afterAll, beforeAll, describe, expect, it } from 'vitest';",
    "import { seedGeneratedMenus } from '../../../src/db/seed/generated-menus.js';",
    "import { menuId } from '../../../src/db/seed/menus.js';",
    "import { ALL_MENU_IDS, createAccount, signInAs } from '../support/accounts.js';",
    "import { enginesUnderTest } from '../support/databases.js';",
    "import { startTestApp, type TestApp } from '../support/test-app.js';",
    '',
    `// ${commentText(`${plan.title} (${plan.prefix})`)}, written by the code generator: the CRUD round trip over`,
    "// HTTP, a validation error, and another tenant's rows out of reach (S4).",
    '',
    `const BASE = ${stringLiteral(plan.prefix)};`,
    `const CODES = [${codes.map(stringLiteral).join(', ')}];`,
    `const FIRST = ${values(plan, false)};`,
    `const SECOND = ${values(plan, true)};`,
    '',
    `describe.each(enginesUnderTest())(${stringLiteral(`${plan.kebab} on %s`)}, (kind) => {`,
    '  let t: TestApp;',
    '  const submit = (body: object, token?: string) =>',
    "    t.call({ method: 'POST', url: `${BASE}/submit`, payload: body }, token);",
    "  const get = (path: string, token?: string) => t.call({ method: 'GET', url: `${BASE}/${path}` }, token);",
    '  const remove = (ids: string, token?: string) =>',
    "    t.call({ method: 'POST', url: `${BASE}/remove?ids=${ids}` }, token);",
    '',
    '  beforeAll(async () => {',
    '    t = await startTestApp(kind);',
    "    // The module's page and buttons, as the server's start adds them (db/seed/generated-menus.ts).",
    `    await seedGeneratedMenus(t.store.db, [${stringLiteral(plan.kebab)}]);`,
    '  });',
    '',
    '  afterAll(async () => {',
    '    await t?.close();',
    '  });',
    '',
    "  it('has its page and buttons in the menu tree', async () => {",
    '    const rows = await t.store.db',
    "      .selectFrom('blade_menu')",
    "      .select(['code', 'path'])",
    "      .where('code', 'in', CODES)",
    "      .where('is_deleted', '=', 0)",
    '      .execute();',
    '    expect(rows.map((row) => row.code).sort()).toEqual([...CODES].sort());',
    `    expect(rows.find((row) => row.code === CODES[0])?.path).toBe(${stringLiteral(`/generated/${plan.kebab}`)});`,
    '  });',
    '',
    "  it('creates, reads, lists, updates and removes', async () => {",
    '    const created = await submit(FIRST);',
    '    expect(created.status).toBe(200);',
    "    expect(created.body).toMatchObject({ success: true, msg: '新增成功' });",
    "    expect(created.body.data).toMatchObject({ ...FIRST, tenantId: '000000', isDeleted: 0 });",
    '    const id = created.body.data.id as string;',
    '    expect((await get(`detail?id=${id}`)).body.data).toMatchObject({ id, ...FIRST });',
    "    const page = await get('list?current=1&size=10');",
    '    expect(page.body.data.records.map((row: { id: string }) => row.id)).toContain(id);',
  ];
  if (filter)
    lines.push(
      `    const found = await get(\`list?${filter.field}=\${encodeURIComponent(FIRST.${filter.field})}\`);`,
      '    expect(found.body.data.records.map((row: { id: string }) => row.id)).toContain(id);',
    );
  lines.push(
    '',
    '    const updated = await submit({ ...SECOND, id });',
    "    expect(updated.body).toMatchObject({ msg: '更新成功', data: { ...SECOND, id } });",
    '    expect(updated.body.data.createTime).toBe(created.body.data.createTime);',
    '',
    '    expect((await remove(`${id},42`)).status).toBe(404);',
    "    expect((await remove(id)).body).toMatchObject({ success: true, data: true, msg: '删除成功' });",
    '    expect((await get(`detail?id=${id}`)).status).toBe(404);',
    '  });',
    '',
  );
  if (required) {
    const zh = `${choosing(required) ? '请选择' : '请输入'}${required.label}`;
    lines.push(
      "  it('refuses a record without a required field, with its message', async () => {",
      `    const { ${required.field}: _left, ...body } = FIRST;`,
      '    const res = await submit(body);',
      '    expect(res.status).toBe(400);',
      `    expect(res.body).toEqual({ code: 400, success: false, data: null, msg: ${stringLiteral(zh)} });`,
      '  });',
      '',
    );
  } else {
    lines.push(
      "  it('refuses a field the form does not have', async () => {",
      '    const res = await submit({ ...FIRST, notAField: 1 });',
      '    expect(res.status).toBe(400);',
      '    expect(res.body).toMatchObject({ code: 400, success: false, data: null });',
      '  });',
      '',
    );
  }
  lines.push(
    '  it("keeps tenants apart: another tenant\'s administrator gets 404 and changes nothing", async () => {',
    '    const id = (await submit(FIRST)).body.data.id as string;',
    '    const other = await createAccount(t, {',
    "      tenantId: '470001',",
    "      roles: [{ alias: 'admin', menuIds: [...ALL_MENU_IDS, ...CODES.map(menuId)] }],",
    '    });',
    '    const token = (await signInAs(t, other)).access_token;',
    '    expect((await get(`detail?id=${id}`, token)).status).toBe(404);',
    '    expect((await submit({ ...SECOND, id }, token)).status).toBe(404);',
    '    expect((await remove(id, token)).status).toBe(404);',
    "    expect((await get('list?current=1&size=10', token)).body.data.total).toBe(0);",
    '    expect((await get(`detail?id=${id}`)).body.data).toMatchObject({ id, ...FIRST });',
    '  });',
    '});',
    '',
  );
  return { path: `server/test/integration/generated/${plan.kebab}.test.ts`, content: lines.join('\n') };
}
