import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAudit } from '../../src/db/seed/menus.js';
import { createOperator, createTenantAdmin, insertDept } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Forms designed in the console (issue 51): versions (a draft's save rewrites it, a published form's
// save adds one), definitions refused by name with nothing saved, form data checked by the server
// against the definition (types, bounds, patterns, dictionaries, the tenant's users, departments and
// attachments), buttons, and tenants kept apart.

const FORM = '/api/blade-flow/form';

const field = (key: string, type: string, more: Record<string, unknown> = {}) => ({
  key,
  type,
  label: { zh: `字段${key}`, en: `Field ${key}` },
  ...more,
});

const definition = (fields: object[], layout = 2) => ({ layout, fields });

describe.each(oneEngineFor(import.meta.url))('form design on %s', (kind) => {
  let t: TestApp;

  const submit = (body: object, token?: string) =>
    t.call({ method: 'POST', url: `${FORM}/submit`, payload: body }, token ?? t.adminToken);
  const get = (url: string, token?: string) => t.call({ method: 'GET', url }, token ?? t.adminToken);
  const validate = (body: object, token?: string) =>
    t.call({ method: 'POST', url: `${FORM}/validate`, payload: body }, token ?? t.adminToken);
  const remove = (ids: string, token?: string) =>
    t.call({ method: 'POST', url: `${FORM}/remove?ids=${ids}` }, token ?? t.adminToken);
  const total = async (token?: string) =>
    (await get(`${FORM}/list?current=1&size=100`, token)).body.data.total;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('saves a draft in place, publishes it, and makes a new version of each save after', async () => {
    const first = definition([field('title', 'text', { required: true })], 1);
    const created = await submit({ formKey: 'expense', name: '报销单', definition: first });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ formKey: 'expense', version: 1, published: 0, fieldCount: 1 });

    const listed = (await get(`${FORM}/list?current=1&size=10&formKey=expense`)).body.data;
    expect(listed.records).toEqual([expect.objectContaining({ id, name: '报销单', version: 1 })]);
    expect(listed.records[0].definition).toBeUndefined();

    // A draft's save rewrites its version.
    const second = definition([field('title', 'text', { required: true }), field('amount', 'money')]);
    expect(
      (await submit({ id, formKey: 'expense', name: '报销单', definition: second })).body.data.version,
    ).toBe(1);
    let detail = (await get(`${FORM}/detail?id=${id}`)).body.data;
    expect(detail.definition.fields.map((f: { key: string }) => f.key)).toEqual(['title', 'amount']);
    expect(detail.definition.layout).toBe(2);
    expect(detail.versions.map((v: { version: number }) => v.version)).toEqual([1]);

    // Published: version 1 stays as it is; each save is the next version.
    const published = await submit({
      id,
      formKey: 'expense',
      name: '报销单',
      published: 1,
      definition: second,
    });
    expect(published.body.data).toMatchObject({ version: 1, published: 1 });
    const third = definition([...second.fields, field('note', 'textarea')]);
    expect(
      (await submit({ id, formKey: 'expense', name: '报销单', definition: third })).body.data,
    ).toMatchObject({
      version: 2,
      published: 1,
      fieldCount: 3,
    });
    expect(
      (await submit({ id, formKey: 'expense', name: '报销单 v3', definition: third })).body.data.version,
    ).toBe(3);
    detail = (await get(`${FORM}/detail?id=${id}`)).body.data;
    expect(detail).toMatchObject({ name: '报销单 v3', version: 3, definitionVersion: 3 });
    expect(detail.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(detail.definition.fields).toHaveLength(3);
    const old = (await get(`${FORM}/detail?id=${id}&version=1`)).body.data;
    expect(old.definitionVersion).toBe(1);
    expect(old.definition.fields.map((f: { key: string }) => f.key)).toEqual(['title', 'amount']);
    expect((await get(`${FORM}/detail?id=${id}&version=9`)).status).toBe(400);

    // Stored as checked: labels trimmed, blank English left out, flags explicit.
    const trimmed = await submit({
      formKey: 'trimmed',
      name: 't',
      definition: definition([{ key: 'a', type: 'text', label: { zh: '  名称 ', en: '  ' }, pattern: '' }]),
    });
    const stored = (await get(`${FORM}/detail?id=${trimmed.body.data.id}`)).body.data.definition.fields[0];
    expect(stored).toEqual({
      key: 'a',
      type: 'text',
      label: { zh: '名称' },
      required: false,
      searchable: false,
    });

    // A key is the tenant's once.
    const taken = await submit({ formKey: 'expense', name: '另一个', definition: first });
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toContain('expense');
  });

  it('refuses a definition naming what is wrong, and saves nothing', async () => {
    const before = await total();
    const cases: Array<[object[], string[]]> = [
      [[field('a', 'text'), field('a', 'number')], ['a']],
      [[field('a', 'colour')], ['a', 'colour']],
      [[field('code', 'text', { pattern: '([a-z' })], ['code', '([a-z']],
      [[field('code', 'text', { pattern: '(a+)+$' })], ['code']],
      [[field('n', 'number', { min: 10, max: 1 })], ['n', '10', '1']],
      [[field('s', 'text', { min: 5, max: 2 })], ['s', '5', '2']],
      [[field('d', 'date', { min: 1 })], ['d', 'date']],
      [[field('u', 'user', { pattern: '.*' })], ['u', 'user']],
      [[field('k', 'dict')], ['k']],
      [[field('1bad', 'text')], ['1bad']],
      [[], []],
    ];
    for (const [fields, named] of cases) {
      const answer = await submit({ formKey: 'badform', name: 'bad', definition: definition(fields) });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.success).toBe(false);
      for (const part of named) expect(answer.body.msg).toContain(part);
    }
    expect(
      (await submit({ formKey: 'badform', name: 'bad', definition: { layout: 3, fields: [] } })).status,
    ).toBe(400);
    expect(await total()).toBe(before);

    // An existing form keeps what it had when a save is refused.
    const saved = await submit({
      formKey: 'keeps',
      name: 'keeps',
      definition: definition([field('a', 'text')]),
    });
    const id = saved.body.data.id as string;
    const refused = await submit({
      id,
      formKey: 'keeps',
      name: 'changed',
      definition: definition([field('a', 'text'), field('a', 'text')]),
    });
    expect(refused.status).toBe(400);
    const detail = (await get(`${FORM}/detail?id=${id}`)).body.data;
    expect(detail.name).toBe('keeps');
    expect(detail.definition.fields).toHaveLength(1);
  });

  it('checks form data against the definition, by field', async () => {
    const admin = await t.store.db
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const adminId = String(admin.id);
    const dept = await insertDept(t, { deptName: '财务部' });
    const other = await createTenantAdmin(t, '400051');
    const theirDept = await insertDept(t, { tenantId: '400051', deptName: '他们的部门' });
    const attach = async (tenantId: string) => {
      const id = t.store.ids.next();
      await t.store.db
        .insertInto('blade_attach')
        .values({
          id: BigInt(id),
          tenant_id: tenantId,
          link: `/oss/local/${tenantId}/f${id}.png`,
          domain: null,
          name: `f${id}.png`,
          original_name: 'f.png',
          extension: 'png',
          attach_size: 10n,
          md5: null,
          purpose: null,
          ...systemAudit(),
        } as never)
        .execute();
      return id;
    };
    const mine = await attach('000000');
    const theirs = await attach('400051');
    const bizParent = t.store.ids.next();
    await t.store.db
      .insertInto('blade_dict_biz')
      .values(
        [
          {
            id: BigInt(bizParent),
            parent_id: 0n,
            code: 'expense_kind',
            dict_key: '-1',
            dict_value: '报销类型',
          },
          {
            id: BigInt(t.store.ids.next()),
            parent_id: BigInt(bizParent),
            code: 'expense_kind',
            dict_key: 'travel',
            dict_value: '差旅',
          },
        ].map((row) => ({
          ...row,
          tenant_id: '000000',
          sort: 1,
          remark: null,
          is_sealed: 0,
          ...systemAudit(),
        })) as never,
      )
      .execute();

    const form = await submit({
      formKey: 'checked',
      name: '校验',
      definition: definition([
        field('title', 'text', { required: true, min: 2, max: 10, pattern: '^[A-Z]' }),
        field('note', 'textarea'),
        field('count', 'number', { min: 1, max: 5 }),
        field('amount', 'money', { max: 1000 }),
        field('day', 'date'),
        field('at', 'datetime'),
        field('sex', 'dict', { dict: 'sex' }),
        field('kind', 'dict', { dict: 'expense_kind', biz: true }),
        field('who', 'user', { required: true }),
        field('dept', 'dept'),
        field('files', 'attachment', { max: 2 }),
      ]),
    });
    const id = form.body.data.id as string;
    const good = {
      title: 'Trip',
      note: '',
      count: 3,
      amount: 12.5,
      day: '2026-02-28',
      at: '2026-02-28 23:59:59',
      sex: '2',
      kind: 'travel',
      who: adminId,
      dept,
      files: [mine],
    };
    expect((await validate({ id, data: good })).body.data).toEqual({ valid: true, errors: {} });
    expect((await validate({ id, data: { who: adminId, title: 'Ok' } })).body.data.valid).toBe(true);

    const errorsOf = async (data: Record<string, unknown>) => {
      const answer = await validate({ id, data });
      expect(answer.status).toBe(200);
      return answer.body.data.errors as Record<string, string>;
    };
    expect(Object.keys(await errorsOf({}))).toEqual(['title', 'who']);
    expect(await errorsOf({ ...good, title: '   ' })).toEqual({ title: '必填' });
    expect(Object.keys(await errorsOf({ ...good, title: 'T' }))).toEqual(['title']);
    expect(Object.keys(await errorsOf({ ...good, title: 'Toolongtitle' }))).toEqual(['title']);
    expect(await errorsOf({ ...good, title: 'trip' })).toEqual({ title: '格式不正确' });
    expect(Object.keys(await errorsOf({ ...good, title: 42 }))).toEqual(['title']);
    expect(await errorsOf({ ...good, count: 6 })).toEqual({ count: '不能大于 5' });
    expect(await errorsOf({ ...good, count: 0 })).toEqual({ count: '不能小于 1' });
    expect(Object.keys(await errorsOf({ ...good, count: '3' }))).toEqual(['count']);
    expect(Object.keys(await errorsOf({ ...good, amount: 1.005 }))).toEqual(['amount']);
    expect(Object.keys(await errorsOf({ ...good, amount: 1000.01 }))).toEqual(['amount']);
    expect(Object.keys(await errorsOf({ ...good, day: '2026-02-30' }))).toEqual(['day']);
    expect(Object.keys(await errorsOf({ ...good, at: '2026-02-28 24:00:00' }))).toEqual(['at']);
    expect(Object.keys(await errorsOf({ ...good, at: '2026-02-28' }))).toEqual(['at']);
    expect(await errorsOf({ ...good, sex: '9' })).toEqual({ sex: '不是字典 sex 的选项' });
    expect(Object.keys(await errorsOf({ ...good, kind: 'lunch' }))).toEqual(['kind']);
    // Another tenant's user, department and attachment are not this tenant's.
    expect(await errorsOf({ ...good, who: other.userId, dept: theirDept, files: [mine, theirs] })).toEqual({
      who: '用户不存在',
      dept: '部门不存在',
      files: '附件不存在',
    });
    expect(Object.keys(await errorsOf({ ...good, files: [mine, mine] }))).toEqual(['files']);
    expect(Object.keys(await errorsOf({ ...good, files: mine }))).toEqual(['files']);
    expect(await errorsOf({ ...good, extra: 1 })).toEqual({ extra: '表单没有这个字段' });

    // In English too.
    const english = await t.call({
      method: 'POST',
      url: `${FORM}/validate`,
      payload: { id, data: { ...good, count: 9 } },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.data.errors).toEqual({ count: 'Must not be above 5' });

    // An earlier version's definition checks data as it was.
    await submit({
      id,
      formKey: 'checked',
      name: '校验',
      published: 1,
      definition: definition([field('x', 'text')]),
    });
    await submit({
      id,
      formKey: 'checked',
      name: '校验',
      definition: definition([field('y', 'number', { required: true })]),
    });
    expect((await validate({ id, version: 1, data: { x: 'a' } })).body.data.valid).toBe(true);
    expect(Object.keys((await validate({ id, data: { x: 'a' } })).body.data.errors).sort()).toEqual([
      'x',
      'y',
    ]);
  });

  it('keeps forms in their tenant', async () => {
    const other = await createTenantAdmin(t, '400052');
    const mine = await submit({
      formKey: 'shared',
      name: '我的',
      definition: definition([field('a', 'text')]),
    });
    const id = mine.body.data.id as string;
    expect((await get(`${FORM}/detail?id=${id}`, other.token)).status).toBe(404);
    expect(await total(other.token)).toBe(0);
    expect((await validate({ id, data: {} }, other.token)).status).toBe(404);
    expect(
      (
        await submit(
          { id, formKey: 'shared', name: 'x', definition: definition([field('a', 'text')]) },
          other.token,
        )
      ).status,
    ).toBe(404);
    expect((await remove(id, other.token)).status).toBe(404);
    // The same key is free in another tenant.
    const theirs = await submit(
      { formKey: 'shared', name: '他们的', definition: definition([field('b', 'date')]) },
      other.token,
    );
    expect(theirs.status).toBe(200);
    expect((await get(`${FORM}/detail?id=${id}`)).body.data.name).toBe('我的');
    expect(
      (await get(`${FORM}/list?current=1&size=10`, other.token)).body.data.records.map(
        (r: { name: string }) => r.name,
      ),
    ).toEqual(['他们的']);
  });

  it('asks for the menu to read and for the buttons to add, edit and delete; a removed form takes its versions', async () => {
    const reader = await createOperator(t, ['form']);
    expect((await get(`${FORM}/list`, reader.token)).status).toBe(200);
    const body = { formKey: 'buttons', name: 'b', definition: definition([field('a', 'text')]) };
    expect((await submit(body, reader.token)).status).toBe(403);
    const nobody = await createOperator(t, []);
    expect((await get(`${FORM}/list`, nobody.token)).status).toBe(403);

    const adder = await createOperator(t, ['form', 'form_add']);
    const created = await submit(body, adder.token);
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect((await submit({ ...body, id, published: 1 }, adder.token)).status).toBe(403);
    const editor = await createOperator(t, ['form', 'form_edit']);
    expect((await submit({ ...body, id, published: 1 }, editor.token)).status).toBe(200);
    expect((await submit({ ...body, id }, editor.token)).body.data.version).toBe(2);
    expect((await remove(id, editor.token)).status).toBe(403);

    const deleter = await createOperator(t, ['form', 'form_delete']);
    expect((await remove(id, deleter.token)).status).toBe(200);
    expect((await get(`${FORM}/detail?id=${id}`)).status).toBe(404);
    const versions = await t.store.db
      .selectFrom('blade_flow_form_version')
      .select(['is_deleted'])
      .where('form_id', '=', BigInt(id))
      .execute();
    expect(versions.map((v) => Number(v.is_deleted))).toEqual([1, 1]);
    // Its key is free again.
    expect((await submit(body)).status).toBe(200);
  });
});
