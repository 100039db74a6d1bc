import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTIONARIES, dictEntryId } from '../../src/db/seed/dictionaries.js';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { createOperator, createTenantAdmin, initialPasswordChange } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

interface Node {
  id: string;
  code: string;
  dictKey: string;
  dictValue: string;
  children?: Node[];
}
const values = (nodes: Node[]): unknown =>
  nodes.map((n) =>
    n.children && n.children.length > 0 ? { [n.dictValue]: values(n.children) } : n.dictValue,
  );

const KINDS = [
  { base: '/api/blade-system/dict', table: 'blade_dict', page: 'dict' },
  { base: '/api/blade-system/dict-biz', table: 'blade_dict_biz', page: 'dictbiz' },
] as const;

describe.each(enginesUnderTest())('dictionaries on %s', (kind) => {
  let t: TestApp;
  let otherAdmin: Awaited<ReturnType<typeof createTenantAdmin>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    otherAdmin = await createTenantAdmin(t, '600001');
  });

  afterAll(async () => {
    await t?.close();
  });

  const api = (base: string) => ({
    submit: (body: object, token?: string, language = 'zh-CN') =>
      t.call(
        { method: 'POST', url: `${base}/submit`, payload: body, headers: { 'accept-language': language } },
        token ?? t.adminToken,
      ),
    get: (path: string, token?: string) =>
      t.call({ method: 'GET', url: `${base}/${path}` }, token ?? t.adminToken),
    remove: (ids: string, token?: string, language = 'zh-CN') =>
      t.call(
        { method: 'POST', url: `${base}/remove?ids=${ids}`, headers: { 'accept-language': language } },
        token ?? t.adminToken,
      ),
  });

  it('seeds the system dictionaries the console reads, with BladeX codes', async () => {
    const { get } = api(KINDS[0].base);
    const parents = await get('parent-list?size=100');
    expect(parents.body.data.total).toBe(DICTIONARIES.length);
    expect(parents.body.data.records.map((d: Node) => d.code)).toEqual(DICTIONARIES.map((d) => d.code));
    for (const code of ['sex', 'yes_no', 'post_category', 'notice', 'oss', 'sms', 'user_type'])
      expect((await get(`dictionary?code=${code}`)).body.data.length, code).toBeGreaterThan(0);
    const yesNo = await get('dictionary?code=yes_no');
    expect(yesNo.body.data).toEqual([
      {
        id: dictEntryId('yes_no', '0'),
        parentId: dictEntryId('yes_no', '-1'),
        code: 'yes_no',
        dictKey: '0',
        dictValue: '否',
        sort: 1,
        remark: null,
      },
      {
        id: dictEntryId('yes_no', '1'),
        parentId: dictEntryId('yes_no', '-1'),
        code: 'yes_no',
        dictKey: '1',
        dictValue: '是',
        sort: 2,
        remark: null,
      },
    ]);
    expect((await get('dictionary?code=nothing')).body.data).toEqual([]);
    expect((await get('dictionary')).body.data).toEqual([]);
  });

  describe.each(KINDS)('$base', ({ base, table, page }) => {
    const { submit, get, remove } = api(base);
    const row = (id: string) =>
      t.store.db.selectFrom(table).selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
    const parent = async (code: string, extra: object = {}) => {
      const res = await submit({ code, dictValue: `${code} 名称`, sort: 1, isSealed: 0, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as string;
    };
    const child = async (parentId: string, dictKey: string, dictValue: string, sort: number, extra = {}) => {
      const res = await submit({
        code: 'ignored',
        parentId,
        dictKey,
        dictValue,
        sort,
        isSealed: 0,
        ...extra,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as string;
    };

    it('creates dictionaries and entries, and answers the lists, the tree and the lookup', async () => {
      const created = await submit({
        code: ' ward_level ',
        dictValue: '医院等级',
        sort: 5,
        isSealed: 0,
        remark: '等级',
        dictKey: '9',
        createUser: '1',
        tenantId: '999999',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.msg).toBe('新增成功');
      expect(created.body.data).toMatchObject({
        parentId: '0',
        code: 'ward_level',
        dictKey: '-1',
        dictValue: '医院等级',
        sort: 5,
        isSealed: 0,
        remark: '等级',
        createUser: SEED_IDS.admin,
      });
      if (page === 'dictbiz') expect(created.body.data.tenantId).toBe('000000');
      else expect(created.body.data).not.toHaveProperty('tenantId');
      const level = created.body.data.id as string;
      const third = await child(level, '3', '三级', 3);
      const second = await child(level, '2', '二级', 2);
      const thirdA = await child(third, '3A', '三级甲等', 1, { remark: '最高' });
      const entry = await get(`detail?id=${thirdA}`);
      expect(entry.body.data).toMatchObject({ code: 'ward_level', parentId: third, dictKey: '3A' });

      // The lookup: every entry below the dictionary, by sort, without the parent.
      const lookup = await get('dictionary?code=ward_level');
      expect(lookup.body.data.map((i: Node) => [i.dictKey, i.dictValue])).toEqual([
        ['3A', '三级甲等'],
        ['2', '二级'],
        ['3', '三级'],
      ]);
      expect(Object.keys(lookup.body.data[0]).sort()).toEqual(
        ['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark'].sort(),
      );

      const parents = await get('parent-list?code=ward');
      expect(parents.body.data).toMatchObject({ total: 1, current: 1 });
      expect(parents.body.data.records[0].id).toBe(level);
      const children = await get(`child-list?parentId=${level}`);
      expect(values(children.body.data)).toEqual(['二级', { 三级: ['三级甲等'] }]);
      expect(
        values((await get(`child-list?parentId=${level}&dictValue=${encodeURIComponent('甲')}`)).body.data),
      ).toEqual(['三级甲等']);
      expect((await get('child-list')).body.data).toEqual([]);
      expect((await get('child-list?parentId=42')).status).toBe(404);

      const list = await get('list?code=ward_level');
      expect(values(list.body.data)).toEqual([{ 医院等级: ['二级', { 三级: ['三级甲等'] }] }]);
      const tree = await get('tree?code=ward_level');
      expect(tree.body.data).toHaveLength(1);
      expect(tree.body.data[0]).toMatchObject({ id: level, title: '医院等级', key: level, value: level });
      const all = await get('tree?code=DICT');
      expect(all.body.data.map((n: { title: string }) => n.title)).toContain('医院等级');

      // An update: the code of a dictionary passes to its entries.
      const renamed = await submit({
        id: level,
        code: 'hospital_grade',
        dictValue: '医院等级',
        sort: 5,
        isSealed: 0,
      });
      expect(renamed.body.msg).toBe('更新成功');
      expect((await get(`detail?id=${second}`)).body.data.code).toBe('hospital_grade');
      expect((await get('dictionary?code=ward_level')).body.data).toEqual([]);
      expect((await get('dictionary?code=hospital_grade')).body.data).toHaveLength(3);
      // An entry's code is its parent's, whatever is sent.
      const moved = await submit({
        id: second,
        code: 'x',
        parentId: level,
        dictKey: '2',
        dictValue: '二级',
        sort: 2,
        isSealed: 0,
      });
      expect(moved.body.data.code).toBe('hospital_grade');
    });

    it('validates in form order with the spec messages, in both languages', async () => {
      const dict = await parent('v_dict');
      await child(dict, '1', '一', 1);
      const cases: Array<[object, string, string]> = [
        [{ dictValue: 'x', sort: 1, isSealed: 0 }, '请输入字典编号', 'Please enter the dictionary code'],
        [
          { code: ' ', dictValue: 'x', sort: 1, isSealed: 0 },
          '请输入字典编号',
          'Please enter the dictionary code',
        ],
        [{ code: 'c', sort: 1, isSealed: 0 }, '请输入字典名称', 'Please enter the dictionary name'],
        [{ code: 'c', dictValue: 'x', isSealed: 0 }, '请输入字典排序', 'Please enter the sort order'],
        [
          { code: 'c', dictValue: 'x', sort: 'first', isSealed: 0 },
          '字典排序格式不正确',
          'sort has the wrong format',
        ],
        [{ code: 'c', dictValue: 'x', sort: 1, isSealed: 2 }, '封存不能大于1', 'sealed must be at most 1'],
        [
          { code: 'c'.repeat(256), dictValue: 'x', sort: 1, isSealed: 0 },
          '字典编号不能超过255个字符',
          'dictionary code must be at most 255 characters',
        ],
        [
          { code: 'v_dict', dictValue: 'x', sort: 1, isSealed: 0 },
          '字典编号已存在: v_dict',
          'Dictionary code already exists: v_dict',
        ],
        [
          { code: 'c', parentId: dict, dictValue: 'x', sort: 1, isSealed: 0 },
          '请输入字典键值',
          'Please enter the dictionary key',
        ],
        [
          { code: 'c', parentId: dict, dictKey: '1', dictValue: 'x', sort: 1, isSealed: 0 },
          '当前字典键值已存在: 1',
          'Dictionary key already exists: 1',
        ],
        [
          { code: 'c', parentId: '123456789', dictKey: '1', dictValue: 'x', sort: 1, isSealed: 0 },
          '上级字典不存在',
          'The parent entry does not exist',
        ],
      ];
      for (const [body, zh, en] of cases) {
        const res = await submit(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ code: 400, success: false, data: null, msg: zh });
        expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
      }
      // A dictionary cannot become an entry, nor an entry its own parent.
      const entry = (await get(`child-list?parentId=${dict}`)).body.data[0].id as string;
      expect(
        (
          await submit({
            id: dict,
            code: 'v_dict',
            parentId: entry,
            dictKey: '9',
            dictValue: 'x',
            sort: 1,
            isSealed: 0,
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await submit({
            id: entry,
            code: 'v_dict',
            parentId: entry,
            dictKey: '1',
            dictValue: 'x',
            sort: 1,
            isSealed: 0,
          })
        ).body.msg,
      ).toBe('上级字典不能是自身或其下级');
      expect((await submit({ id: '42', code: 'g', dictValue: 'g', sort: 1, isSealed: 0 })).status).toBe(404);
      expect((await get('detail?id=42')).status).toBe(404);
    });

    it('takes a submit without isSealed as BladeX does: new rows unsealed, updates keep their own', async () => {
      const created = await submit({ code: 'no_seal', dictValue: '未封存', sort: 1 });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data.isSealed).toBe(0);
      const dict = created.body.data.id as string;
      const entry = await submit({ code: 'x', parentId: dict, dictKey: '1', dictValue: '一', sort: 1 });
      expect(entry.status, JSON.stringify(entry.body)).toBe(200);
      expect(entry.body.data).toMatchObject({ code: 'no_seal', isSealed: 0 });
      const id = entry.body.data.id as string;
      expect(Number((await row(id)).is_sealed)).toBe(0);

      // Leaving isSealed out of an update never unseals: a sealed entry stays sealed and unchanged.
      const body = { id, code: 'no_seal', parentId: dict, dictKey: '1', dictValue: '一', sort: 1 };
      expect((await submit({ ...body, isSealed: 1 })).body.data.isSealed).toBe(1);
      expect((await submit(body)).status).toBe(400);
      expect((await submit({ ...body, dictValue: '壹' })).status).toBe(400);
      const kept = await row(id);
      expect([Number(kept.is_sealed), kept.dict_value]).toEqual([1, '一']);
      expect((await submit({ ...body, isSealed: 0 })).body.data.isSealed).toBe(0);
      const renamed = await submit({ ...body, dictValue: '壹' });
      expect(renamed.body.data).toMatchObject({ dictValue: '壹', isSealed: 0 });
    });

    it('keeps sealed entries as they are until they are unsealed, and never removes them', async () => {
      const dict = await parent('sealed_dict');
      const entry = await child(dict, '1', '一', 1, { isSealed: 1 });
      const before = await row(entry);
      const body = { id: entry, code: 'sealed_dict', parentId: dict, dictKey: '1', dictValue: '一', sort: 1 };
      const edit = await submit({ ...body, dictValue: '壹', isSealed: 1 });
      expect(edit.body).toEqual({
        code: 400,
        success: false,
        data: null,
        msg: '字典项已封存，不能修改；如需修改，请先只将封存改为否并提交',
      });
      expect((await submit({ ...body, dictValue: '壹', isSealed: 0 }, undefined, 'en')).body.msg).toBe(
        'The entry is sealed and cannot be changed; to change it, first submit it with only "sealed" set back to no',
      );
      expect((await submit({ ...body, isSealed: 1 })).status).toBe(400);
      expect((await submit({ ...body, sort: 2, isSealed: 0 })).status).toBe(400);
      const removal = await remove(entry);
      expect(removal.body.msg).toBe('已封存的字典项不能删除: 一');
      expect((await remove(`${entry}`, undefined, 'en')).body.msg).toBe(
        'Sealed entries cannot be removed: 一',
      );
      expect(await row(entry)).toEqual(before);

      // Unsealing alone is accepted; then it changes and goes like any other entry.
      const unsealed = await submit({ ...body, isSealed: 0 });
      expect(unsealed.status).toBe(200);
      expect(unsealed.body.data.isSealed).toBe(0);
      expect((await submit({ ...body, dictValue: '壹', isSealed: 1 })).body.data).toMatchObject({
        dictValue: '壹',
        isSealed: 1,
      });
      expect((await submit({ ...body, dictValue: '壹', isSealed: 0 })).status).toBe(200);
      expect((await remove(entry)).status).toBe(200);

      // A sealed dictionary keeps its code too.
      const sealedParent = await parent('sealed_parent', { isSealed: 1 });
      expect(
        (
          await submit({
            id: sealedParent,
            code: 'renamed',
            dictValue: 'sealed_parent 名称',
            sort: 1,
            isSealed: 0,
          })
        ).status,
      ).toBe(400);
      expect((await remove(sealedParent)).status).toBe(400);
    });

    it('removes softly, all or nothing, entries before their dictionary', async () => {
      const dict = await parent('gone_dict');
      const a = await child(dict, '1', '一', 1);
      const b = await child(dict, '2', '二', 2);
      expect((await remove(`${a},42`)).status).toBe(404);
      expect((await remove('x')).status).toBe(400);
      const refused = await remove(`${dict},${a}`);
      expect(refused.body.msg).toBe('请先删除下级字典项: 二');
      expect(Number((await row(a)).is_deleted)).toBe(0);
      expect((await remove(`${dict},${a},${b}`)).body).toMatchObject({ data: true, msg: '删除成功' });
      expect(Number((await row(dict)).is_deleted)).toBe(1);
      expect((await get(`detail?id=${a}`)).status).toBe(404);
      expect((await get('dictionary?code=gone_dict')).body.data).toEqual([]);
      // The code is free again.
      expect((await submit({ code: 'gone_dict', dictValue: 'again', sort: 1, isSealed: 0 })).status).toBe(
        200,
      );
    });

    it('drops the cached lookup on every change', async () => {
      const dict = await parent('cached_dict');
      const a = await child(dict, '1', '一', 2);
      const lookup = async () =>
        ((await get('dictionary?code=cached_dict')).body.data as Node[]).map((i) => i.dictValue);
      expect(await lookup()).toEqual(['一']);
      await child(dict, '2', '二', 1);
      expect(await lookup()).toEqual(['二', '一']);
      await submit({
        id: a,
        code: 'cached_dict',
        parentId: dict,
        dictKey: '1',
        dictValue: '壹',
        sort: 0,
        isSealed: 0,
      });
      expect(await lookup()).toEqual(['壹', '二']);
      await remove(a);
      expect(await lookup()).toEqual(['二']);
      // A change made behind the server's back shows after clear-cache.
      await t.store.db
        .updateTable(table)
        .set({ dict_value: '贰' })
        .where('code', '=', 'cached_dict')
        .where('dict_key', '=', '2')
        .execute();
      expect(await lookup()).toEqual(['二']);
      expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/clear-cache' })).status).toBe(200);
      expect(await lookup()).toEqual(['贰']);
    });

    it('needs the buttons to write', async () => {
      const reader = await createOperator(t, [page]);
      expect((await get('parent-list', reader.token)).status).toBe(200);
      expect((await get('dictionary?code=sex', reader.token)).status).toBe(200);
      const body = { code: `${page}_op`, dictValue: 'op', sort: 1, isSealed: 0 };
      expect((await submit(body, reader.token)).status).toBe(403);
      const writer = await createOperator(t, [`${page}_add`, `${page}_edit`, `${page}_delete`]);
      const created = await submit(body, writer.token);
      // System dictionaries are the platform administrator's only (S4), whatever the buttons.
      expect(created.status).toBe(page === 'dict' ? 403 : 200);
    });
  });

  it('keeps system dictionaries platform-wide: tenants read them, only the platform administrator writes', async () => {
    const { submit, get, remove } = api(KINDS[0].base);
    const id = (await submit({ code: 'platform_only', dictValue: '平台', sort: 1, isSealed: 0 })).body.data
      .id as string;
    expect((await get(`detail?id=${id}`, otherAdmin.token)).status).toBe(200);
    expect((await get('dictionary?code=platform_only', otherAdmin.token)).status).toBe(200);
    expect(
      (await submit({ code: 'mine', dictValue: 'x', sort: 1, isSealed: 0 }, otherAdmin.token)).status,
    ).toBe(403);
    expect(
      (await submit({ id, code: 'platform_only', dictValue: 'mine', sort: 1, isSealed: 0 }, otherAdmin.token))
        .status,
    ).toBe(403);
    expect((await remove(id, otherAdmin.token)).status).toBe(403);
    expect((await get(`detail?id=${id}`)).body.data.dictValue).toBe('平台');
  });

  it("keeps business dictionaries apart: another tenant's administrator gets 404 and changes nothing", async () => {
    const { submit, get, remove } = api(KINDS[1].base);
    const dict = (await submit({ code: 'ward', dictValue: '病区', sort: 1, isSealed: 0 })).body.data
      .id as string;
    const entry = (
      await submit({ code: 'ward', parentId: dict, dictKey: '1', dictValue: '一病区', sort: 1, isSealed: 0 })
    ).body.data.id as string;
    const rows = () =>
      t.store.db.selectFrom('blade_dict_biz').selectAll().where('code', '=', 'ward').orderBy('id').execute();
    const before = await rows();
    const other = otherAdmin.token;
    expect((await get(`detail?id=${dict}`, other)).status).toBe(404);
    expect((await get(`detail?id=${entry}`, other)).status).toBe(404);
    expect((await get(`child-list?parentId=${dict}`, other)).status).toBe(404);
    expect(
      (await submit({ id: dict, code: 'ward', dictValue: 'mine', sort: 1, isSealed: 0 }, other)).status,
    ).toBe(404);
    expect(
      (
        await submit(
          { id: entry, code: 'ward', parentId: dict, dictKey: '1', dictValue: 'mine', sort: 1, isSealed: 0 },
          other,
        )
      ).status,
    ).toBe(404);
    // Adding under another tenant's dictionary: its parent does not exist here.
    expect(
      (
        await submit(
          { code: 'ward', parentId: dict, dictKey: '2', dictValue: 'x', sort: 1, isSealed: 0 },
          other,
        )
      ).status,
    ).toBe(400);
    expect((await remove(entry, other)).status).toBe(404);
    expect((await remove(`${dict},${entry}`, other)).status).toBe(404);
    expect((await get('dictionary?code=ward', other)).body.data).toEqual([]);
    expect((await get('parent-list?code=ward', other)).body.data.total).toBe(0);
    expect((await get('list?code=ward', other)).body.data).toEqual([]);
    expect((await get('tree?code=ward', other)).body.data).toEqual([]);
    expect(await rows()).toEqual(before);
    // The same code in another tenant is another dictionary.
    const theirs = await submit({ code: 'ward', dictValue: '他们的病区', sort: 1, isSealed: 0 }, other);
    expect(theirs.body.data.tenantId).toBe('600001');
    await submit(
      {
        code: 'ward',
        parentId: theirs.body.data.id,
        dictKey: '1',
        dictValue: '他们的一病区',
        sort: 1,
        isSealed: 0,
      },
      other,
    );
    expect((await get('dictionary?code=ward', other)).body.data.map((i: Node) => i.dictValue)).toEqual([
      '他们的一病区',
    ]);
    expect((await get('dictionary?code=ward')).body.data.map((i: Node) => i.dictValue)).toEqual(['一病区']);
  });

  it("gives a new tenant a copy of the platform tenant's business dictionaries", async () => {
    const { submit, get } = api(KINDS[1].base);
    const dict = (await submit({ code: 'bed_type', dictValue: '床位类型', sort: 1, isSealed: 0 })).body.data
      .id as string;
    await submit({ code: 'bed_type', parentId: dict, dictKey: '1', dictValue: '普通', sort: 1, isSealed: 1 });
    const created = await t.call({
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: '新租户' },
    });
    const tenantId = created.body.data.tenantId as string;
    const token = (await t.signIn('admin', '123456', tenantId)).body.access_token as string;
    // The initial password is changed first (issue 44); the session carries on.
    const changed = await t.call(
      { method: 'POST', url: '/api/blade-user/update-password', query: initialPasswordChange() },
      token,
    );
    expect(changed.status).toBe(200);
    const copied = await get('dictionary?code=bed_type', token);
    expect(copied.body.data.map((i: Node) => i.dictValue)).toEqual(['普通']);
    expect(copied.body.data[0].id).not.toBe((await get('dictionary?code=bed_type')).body.data[0].id);
    const copiedParent = (await get('parent-list?code=bed_type', token)).body.data.records[0];
    expect(copiedParent).toMatchObject({ tenantId, code: 'bed_type', dictValue: '床位类型' });
    expect(copied.body.data[0].parentId).toBe(copiedParent.id);
  });
});
