import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { multipart } from './support/uploads.js';
import { addDongcheng } from './support/regions.js';

// The business (issue 16): hospitals, machines and their slots, slot grants as a data scope, apk
// releases, refund reviews, the device API and the dashboard, on every engine.

const API = '/api/zxgxg-api';
/** The smallest bytes that pass for an apk (a zip's end-of-directory record) plus a marker. */
const apkBytes = (marker: string) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18), Buffer.from(marker)]);

describe.each(enginesUnderTest())('business on %s', (kind) => {
  let t: TestApp;
  let hospitalId: string;

  const post = (url: string, payload?: object, token?: string, language = 'zh-CN') =>
    t.call({ method: 'POST', url: `${API}${url}`, payload, headers: { 'accept-language': language } }, token);
  const get = (url: string, token?: string) => t.call({ method: 'GET', url: `${API}${url}` }, token);
  const device = (url: string, machineNo: string, secret: string, payload: object) =>
    t.call(
      {
        method: 'POST',
        url: `${API}/device${url}`,
        payload,
        headers: { 'machine-no': machineNo, 'machine-secret': secret },
      },
      null,
    );
  const machine = async (machineNo: string, slotCount: number, token?: string) => {
    const res = await post(
      '/machine/submit',
      { machineNo, machineName: `柜${machineNo}`, hospitalId, slotCount },
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; machineNo: string; deviceSecret: string; slotCount: number };
  };
  const slotsOf = async (machineId: string, token?: string) =>
    (await get(`/slot/list?machineId=${machineId}&size=200&ascs=slot_no`, token)).body.data.records as Array<{
      id: string;
      slotNo: number;
      status: number;
    }>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await addDongcheng(t.store.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps hospitals: unique codes in a tenant, region names, clear validation, removal refused while machines stand in it', async () => {
    const created = await post('/hospital/submit', {
      hospitalCode: 'H001',
      hospitalName: '协和医院',
      level: 1,
      regionCode: '110101',
      address: '帅府园1号',
      contactPhone: '010-69156114',
      longitude: '116.417',
      latitude: '39.913',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      msg: '新增成功',
      data: {
        hospitalCode: 'H001',
        provinceName: '北京市',
        cityName: '市辖区',
        districtName: '东城区',
        tenantId: '000000',
      },
    });
    hospitalId = created.body.data.id;

    const again = await post('/hospital/submit', { hospitalCode: 'H001', hospitalName: '另一家' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('医院编码已存在: H001');
    expect(
      (await post('/hospital/submit', { hospitalCode: 'H002', hospitalName: 'x', regionCode: '999999' })).body
        .msg,
    ).toBe('所在地区不存在: 999999');
    const blank = await post('/hospital/submit', { hospitalCode: ' ', hospitalName: '' }, undefined, 'en');
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toMatch(/hospital code/i);
    expect(
      (await post('/hospital/submit', { hospitalCode: 'H3', hospitalName: 'x', latitude: '91' })).status,
    ).toBe(400);
    // A level of 0 is refused as out of range, not saved as no level (a nullable number keeps its 0).
    const levelZero = await post('/hospital/submit', { hospitalCode: 'H4', hospitalName: 'x', level: 0 });
    expect(levelZero.status).toBe(400);
    expect(levelZero.body.msg).toContain('医院等级');

    const list = await get(`/hospital/list?hospitalName=${encodeURIComponent('协和')}`);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.records[0]).toMatchObject({ districtName: '东城区' });
    expect((await get(`/hospital/detail?id=${hospitalId}`)).body.data.provinceName).toBe('北京市');

    const placed = await machine('HOSP-GUARD-1', 2);
    const refused = await post(`/hospital/remove?ids=${hospitalId}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('医院 协和医院 下还有 1 台机器，请先移走或删除机器');
    expect((await get(`/hospital/detail?id=${hospitalId}`)).status).toBe(200);
    expect((await post(`/machine/remove?ids=${placed.id}`)).status).toBe(200);
    const other = await post('/hospital/submit', { hospitalCode: 'H009', hospitalName: '空医院' });
    expect((await post(`/hospital/remove?ids=${other.body.data.id}`)).body.msg).toBe('删除成功');
  });

  it('creates slots with a machine, adds and retires them with slotCount, never one in use', async () => {
    const m = await machine('SLOTS-1', 8);
    expect(m.deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await slotsOf(m.id)).map((s) => s.slotNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await get(`/machine/detail?id=${m.id}`)).body.data).not.toHaveProperty('deviceSecret');
    const stored = await t.store.db
      .selectFrom('zx_machine')
      .select('device_secret')
      .where('id', '=', BigInt(m.id))
      .executeTakeFirstOrThrow();
    expect(stored.device_secret).toBe(createHash('sha256').update(m.deviceSecret).digest('hex'));

    const taken = await post('/machine/submit', {
      machineNo: 'SLOTS-1',
      machineName: 'x',
      hospitalId,
      slotCount: 1,
    });
    expect(taken.body.msg).toBe('机器编号已存在: SLOTS-1');
    // Unique across the platform: another tenant cannot take the number either.
    const stranger = await createTenantAdmin(t, '730001');
    const theirs = await post(
      '/hospital/submit',
      { hospitalCode: 'T1', hospitalName: '他院' },
      stranger.token,
    );
    const elsewhere = await post(
      '/machine/submit',
      { machineNo: 'SLOTS-1', machineName: 'x', hospitalId: theirs.body.data.id, slotCount: 1 },
      stranger.token,
    );
    expect(elsewhere.body.msg).toBe('机器编号已存在: SLOTS-1');
    // …nor place a machine in this tenant's hospital.
    const crossed = await post(
      '/machine/submit',
      { machineNo: 'X-1', machineName: 'x', hospitalId, slotCount: 1 },
      stranger.token,
    );
    expect(crossed.body.msg).toBe('所属医院不存在');

    const edit = (slotCount: number) =>
      post('/machine/submit', { id: m.id, machineNo: 'SLOTS-1', machineName: '柜', hospitalId, slotCount });
    expect((await edit(10)).status).toBe(200);
    const ten = await slotsOf(m.id);
    expect(ten.map((s) => s.slotNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const tenth = ten.find((s) => s.slotNo === 10)!;
    expect((await post('/slot/status', { slotIds: [tenth.id], status: 2 })).status).toBe(200);
    const refused = await edit(8);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('格口 10 正在使用，不能撤除');
    expect(await slotsOf(m.id)).toHaveLength(10);
    expect((await post(`/machine/remove?ids=${m.id}`)).body.msg).toBe(
      '机器 SLOTS-1 的格口 10 正在使用，不能删除',
    );

    await post('/slot/status', { slotIds: [tenth.id], status: 0 });
    expect((await edit(8)).status).toBe(200);
    expect((await slotsOf(m.id)).map((s) => s.slotNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Growing again brings the retired numbers back (the same rows), empty.
    expect((await edit(9)).status).toBe(200);
    const nine = await slotsOf(m.id);
    expect(nine.map((s) => s.slotNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(nine.find((s) => s.slotNo === 9)!.id).toBe(ten.find((s) => s.slotNo === 9)!.id);
    expect(
      (
        await post('/machine/submit', {
          id: m.id,
          machineNo: 'OTHER',
          machineName: '柜',
          hospitalId,
          slotCount: 9,
        })
      ).body.msg,
    ).toBe('机器编号不能修改');
  });

  it('binds and unbinds the WeChat account, rotates the device secret, and logs both', async () => {
    const m = await machine('WX-1', 1);
    const bind = await t.call({
      method: 'POST',
      url: `${API}/machine/bindWxAccount?id=${m.id}&wxOpenId=o-abc&wxNickname=${encodeURIComponent('张师傅')}`,
    });
    expect(bind.body).toMatchObject({ code: 200, msg: '绑定成功' });
    expect((await get(`/machine/detail?id=${m.id}`)).body.data).toMatchObject({
      wxOpenId: 'o-abc',
      wxNickname: '张师傅',
    });
    expect((await get(`/machine/detail?id=${m.id}`)).body.data.wxBindTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const unbind = await t.call({
      method: 'POST',
      url: `${API}/machine/bindWxAccount?id=${m.id}&wxOpenId=&wxNickname=`,
    });
    expect(unbind.body.msg).toBe('解绑成功');
    expect((await get(`/machine/detail?id=${m.id}`)).body.data).toMatchObject({
      wxOpenId: null,
      wxNickname: null,
      wxBindTime: null,
    });

    const rotated = await t.call({ method: 'POST', url: `${API}/machine/rotate-secret?id=${m.id}` });
    const secret = rotated.body.data.deviceSecret as string;
    expect(secret).not.toBe(m.deviceSecret);
    expect((await device('/heartbeat', 'WX-1', m.deviceSecret, {})).status).toBe(401);
    expect((await device('/heartbeat', 'WX-1', secret, {})).status).toBe(200);

    await t.app.logWriter.flush();
    const logged = await t.call({
      method: 'GET',
      url: '/api/blade-log/usual/list?size=100&logId_like=machine',
    });
    const ids = logged.body.data.records.map((r: { logId: string }) => r.logId);
    expect(ids).toEqual(
      expect.arrayContaining(['machine-bind-wx', 'machine-unbind-wx', 'machine-rotate-secret']),
    );
  });

  it('unbinds a bound machine with unbindWxAccount: machine_edit, tenant scoped, logged (issue 45 item 15)', async () => {
    const m = await machine('WX-UNBIND', 1);
    const detail = async () => (await get(`/machine/detail?id=${m.id}`)).body.data;
    const bind = () => post(`/machine/bindWxAccount?id=${m.id}&wxOpenId=o-unbind&wxNickname=u`);
    expect((await bind()).body.code).toBe(200);

    // Without machine_edit (binding alone is not enough): 403, still bound.
    const binder = await createOperator(t, ['machine', 'machine_bind']);
    expect((await post(`/machine/unbindWxAccount?id=${m.id}`, undefined, binder.token)).status).toBe(403);
    // Another tenant's administrator: 404, still bound.
    const stranger = await createTenantAdmin(t, '730045');
    expect((await post(`/machine/unbindWxAccount?id=${m.id}`, undefined, stranger.token)).status).toBe(404);
    expect(await detail()).toMatchObject({ wxOpenId: 'o-unbind', wxNickname: 'u' });
    // An id that is none: 404; a malformed one: a clear 400.
    expect((await post('/machine/unbindWxAccount?id=9', undefined)).status).toBe(404);
    const malformed = await post('/machine/unbindWxAccount?id=x');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 400, success: false });

    // With machine_edit, on a machine granted to the operator: unbound, in both languages.
    const editor = await createOperator(t, ['machine', 'machine_edit']);
    await post('/slot/grant/machine', { userIds: [editor.userId], machineNos: ['WX-UNBIND'] });
    const unbound = await post(`/machine/unbindWxAccount?id=${m.id}`, undefined, editor.token);
    expect(unbound.body).toMatchObject({ code: 200, success: true, data: true, msg: '解绑成功' });
    expect(await detail()).toMatchObject({ wxOpenId: null, wxNickname: null, wxBindTime: null });
    await bind();
    const english = await post(`/machine/unbindWxAccount?id=${m.id}`, undefined, undefined, 'en-US');
    expect(english.body.msg).toBe('Unbound');
    expect((await detail()).wxOpenId).toBeNull();

    await t.app.logWriter.flush();
    const logged = await t.call({
      method: 'GET',
      url: '/api/blade-log/usual/list?size=100&logId_like=machine-unbind',
    });
    expect(
      logged.body.data.records.filter((r: { logData: string }) => r.logData.startsWith('WX-UNBIND')),
    ).toHaveLength(2);
  });

  it('scopes machines, slots, refunds and the dashboard to an operator’s grants; grants are idempotent and never exceed what the grantor holds', async () => {
    const a = await machine('GRANT-A', 4);
    const b = await machine('GRANT-B', 3);
    const operator = await createOperator(t, ['machine', 'slot', 'refund', 'slot_grant', 'slot_cancel']);
    const helper = await createOperator(t, ['machine', 'slot', 'slot_grant', 'slot_cancel']);
    const machinesOf = async (token: string) =>
      ((await get('/machine/list?size=200', token)).body.data.records as Array<{ machineNo: string }>)
        .map((m) => m.machineNo)
        .sort();

    expect(await machinesOf(operator.token)).toEqual([]);
    expect((await get(`/machine/detail?id=${a.id}`, operator.token)).status).toBe(404);

    const slotsA = await slotsOf(a.id);
    const two = [slotsA[0]!.id, slotsA[1]!.id];
    const granted = await post('/slot/grant/slot', { userIds: [operator.userId], slotIds: two });
    expect(granted.body).toMatchObject({ code: 200, data: { changed: 2 } });
    expect(
      (await post('/slot/grant/slot', { userIds: [operator.userId], slotIds: two })).body.data.changed,
    ).toBe(0);

    expect(await machinesOf(operator.token)).toEqual(['GRANT-A']);
    expect((await slotsOf(a.id, operator.token)).map((s) => s.slotNo)).toEqual([1, 2]);
    expect(await slotsOf(b.id, operator.token)).toEqual([]);
    // Slot 3 is not theirs: not visible, not changeable.
    expect((await post('/slot/status', { slotIds: [slotsA[2]!.id], status: 3 }, operator.token)).status).toBe(
      403,
    );

    const tree = (await get(`/slot/grant-tree?machineNo=GRANT-A`)).body.data;
    expect(tree[0]).toMatchObject({ machineNo: 'GRANT-A', holders: [] });
    expect(
      tree[0].children.map((c: { slotNo: number; holders: unknown[] }) => [c.slotNo, c.holders.length]),
    ).toEqual([
      [1, 1],
      [2, 1],
      [3, 0],
      [4, 0],
    ]);
    expect(tree[0].children[0].holders[0]).toMatchObject({ userId: operator.userId, via: 'slot' });
    expect(tree[0].children[0].title).toBe('1号格口');
    // The operator's tree shows only their slots.
    expect(
      (await get(`/slot/grant-tree?machineNo=GRANT-A`, operator.token)).body.data[0].children,
    ).toHaveLength(2);

    // S12: an operator passes on only what they hold, and a machine whole only when held whole.
    expect(
      (await post('/slot/grant/slot', { userIds: [helper.userId], slotIds: [slotsA[2]!.id] }, operator.token))
        .body.msg,
    ).toBe(`格口不存在或未授权给您: ${slotsA[2]!.id}`);
    expect(
      (
        await post(
          '/slot/grant/machine',
          { userIds: [helper.userId], machineNos: ['GRANT-A'] },
          operator.token,
        )
      ).body.msg,
    ).toBe('您只持有机器 GRANT-A 的部分格口，不能整机授权或取消');
    expect(
      (await post('/slot/grant/slot', { userIds: [helper.userId], slotIds: [two[0]] }, operator.token)).body
        .data.changed,
    ).toBe(1);

    expect(
      (await post('/slot/grant/machine', { userIds: [operator.userId], machineNos: ['GRANT-B'] })).body.data
        .changed,
    ).toBe(1);
    expect(await machinesOf(operator.token)).toEqual(['GRANT-A', 'GRANT-B']);
    expect((await slotsOf(b.id, operator.token)).map((s) => s.slotNo)).toEqual([1, 2, 3]);

    // Cancelling one slot of a machine held whole keeps the others, one by one.
    const slotsB = await slotsOf(b.id);
    expect(
      (await post('/slot/cancel/grant', { userIds: [operator.userId], slotIds: [slotsB[0]!.id] })).status,
    ).toBe(200);
    expect((await slotsOf(b.id, operator.token)).map((s) => s.slotNo)).toEqual([2, 3]);
    expect(
      (await post('/slot/cancel/grant', { userIds: [operator.userId], machineNos: ['GRANT-B'] })).status,
    ).toBe(200);
    expect(await machinesOf(operator.token)).toEqual(['GRANT-A']);
    expect((await post('/slot/cancel/grant', { userIds: [operator.userId] })).body.msg).toBe(
      '请选择要取消授权的机器或格口',
    );
    expect((await post('/slot/grant/slot', { userIds: ['123'], slotIds: two })).body.msg).toBe(
      '用户不存在: 123',
    );

    // Refunds of granted slots only; the dashboard counts only what is granted.
    for (const [orderNo, slotNo] of [
      ['ORD-GA-1', 1],
      ['ORD-GA-3', 3],
    ] as const)
      expect(
        (
          await device('/refund-request', 'GRANT-A', a.deviceSecret, {
            orderNo,
            slotNo,
            orderAmount: 500,
            refundAmount: 300,
            customerPhone: '13812345678',
          })
        ).status,
      ).toBe(200);
    const theirRefunds = (await get('/refund/review/list?size=200', operator.token)).body.data.records.map(
      (r: { orderNo: string }) => r.orderNo,
    );
    expect(theirRefunds).toEqual(['ORD-GA-1']);
    const board = (await get('/dashboard', operator.token)).body.data;
    expect(board.machines.total).toBe(1);
    expect(board.slots.total).toBe(2);
    expect(board.refunds).toEqual({ pending: 1, pendingAmount: 300 });
  });

  it('releases apks: md5 and size from the stored file, one version code per package, no publishing below the newest, withdrawal keeps the record', async () => {
    const uploadApk = async (marker: string) => {
      const bytes = apkBytes(marker);
      const res = await t.call({
        method: 'POST',
        url: '/api/blade-resource/oss/endpoint/put-file',
        ...multipart('app.apk', bytes),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return {
        attachId: res.body.data.attachId as string,
        md5: createHash('md5').update(bytes).digest('hex'),
        size: bytes.length,
      };
    };
    const v1file = await uploadApk('v1');
    const base = { appName: '智能柜', packageName: 'com.zx.cabinet', forceUpdate: 0 };
    const v1 = await post('/apk/update', {
      ...base,
      versionName: '1.0.0',
      versionCode: 100,
      attachId: v1file.attachId,
      md5: '0'.repeat(32),
      fileSize: 1,
    });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.data).toMatchObject({
      md5: v1file.md5,
      fileSize: v1file.size,
      publishStatus: 0,
      publishTime: null,
    });
    expect(v1.body.data.fileUrl).toContain('/upload/');

    expect((await post('/apk/update', { ...base, versionName: 'x', versionCode: 101 })).body.msg).toBe(
      '请上传安装包文件',
    );
    const dup = await post('/apk/update', {
      ...base,
      versionName: '1.0.0b',
      versionCode: 100,
      attachId: v1file.attachId,
    });
    expect(dup.body.msg).toBe('com.zx.cabinet 的版本号 100 已存在');
    const png = await t.call({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      ...multipart(
        'a.png',
        Buffer.from(
          '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5c1b1a10000000049454e44ae426082',
          'hex',
        ),
      ),
    });
    expect(
      (
        await post('/apk/update', {
          ...base,
          versionName: 'x',
          versionCode: 102,
          attachId: png.body.data.attachId,
        })
      ).body.msg,
    ).toBe('安装包文件必须是 .apk 文件');

    const v2file = await uploadApk('v2');
    const v2 = await post('/apk/update', {
      ...base,
      versionName: '2.0.0',
      versionCode: 200,
      attachId: v2file.attachId,
      publishStatus: 1,
    });
    expect(v2.body.data).toMatchObject({ publishStatus: 1, md5: v2file.md5 });
    expect(v2.body.data.publishTime).toMatch(/^\d{4}-/);
    const lower = await post('/apk/update', { ...v1.body.data, id: v1.body.data.id, publishStatus: 1 });
    expect(lower.status).toBe(400);
    expect(lower.body.msg).toBe('版本号 100 低于已发布的最新版本 200，不能发布');

    const withdrawn = await post('/apk/update', { ...v2.body.data, publishStatus: 2 });
    expect(withdrawn.body.data.publishStatus).toBe(2);
    expect((await get(`/apk/detail?id=${v2.body.data.id}`)).body.data.versionCode).toBe(200);
    // A published version keeps its code and file.
    expect((await post('/apk/update', { ...v2.body.data, versionCode: 201 })).body.msg).toBe(
      '已发布过的版本不能修改包名、版本号或文件',
    );

    // Publishing is a button of its own.
    const drafter = await createOperator(t, ['apk', 'apk_add', 'apk_edit']);
    const v3file = await uploadApk('v3');
    expect(
      (
        await post(
          '/apk/update',
          { ...base, versionName: '3', versionCode: 300, attachId: v3file.attachId, publishStatus: 1 },
          drafter.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await post(
          '/apk/update',
          { ...base, versionName: '3', versionCode: 300, attachId: v3file.attachId },
          drafter.token,
        )
      ).status,
    ).toBe(200);
  });

  it('hears devices: 401 for a wrong secret, heartbeats set online and slot states, and offer a newer published apk', async () => {
    const m = await machine('DEV-1', 3);
    expect((await device('/heartbeat', 'DEV-1', 'wrong', {})).status).toBe(401);
    expect((await device('/heartbeat', 'NOPE', m.deviceSecret, {})).status).toBe(401);
    expect((await device('/heartbeat', 'DEV-1', 'wrong', { slots: 'garbage' })).status).toBe(401);
    expect((await get(`/machine/detail?id=${m.id}`)).body.data).toMatchObject({
      onlineStatus: 0,
      lastHeartbeatTime: null,
    });

    const beat = await device('/heartbeat', 'DEV-1', m.deviceSecret, {
      apkPackageName: 'com.zx.cabinet',
      apkVersionCode: 100,
      slots: [
        { slotNo: 1, status: 2 },
        { slotNo: 3, status: 3 },
      ],
    });
    expect(beat.status, JSON.stringify(beat.body)).toBe(200);
    // The newest published version of the package (the previous test withdrew 200).
    const published = (await get('/apk/list?packageName_equal=com.zx.cabinet&publishStatus=1')).body.data
      .records as Array<{
      versionCode: number;
    }>;
    const newest = Math.max(0, ...published.map((a) => a.versionCode));
    if (newest > 100) expect(beat.body.data.update).toMatchObject({ versionCode: newest });
    else expect(beat.body.data.update).toBeNull();
    const detail = (await get(`/machine/detail?id=${m.id}`)).body.data;
    expect(detail).toMatchObject({ onlineStatus: 1, apkVersionCode: 100, apkPackageName: 'com.zx.cabinet' });
    expect((await slotsOf(m.id)).map((s) => s.status)).toEqual([2, 0, 3]);
    expect((await get('/machine/list?onlineStatus=1&machineNo=DEV-1')).body.data.total).toBe(1);
    expect((await get('/machine/list?onlineStatus=0&machineNo=DEV-1')).body.data.total).toBe(0);
  });

  it('decides a refund once: masked lists, cents, one winner of two reviewers at once, a clear 400 for the other, logged', async () => {
    const m = await machine('REF-1', 2);
    const request = (orderNo: string, refundAmount: number) =>
      device('/refund-request', 'REF-1', m.deviceSecret, {
        orderNo,
        slotNo: 1,
        orderAmount: 1000,
        refundAmount,
        customerPhone: '13812345678',
        reason: '柜门打不开',
      });
    expect((await request('ORD-TOO-MUCH', 1001)).body.msg).toBe('退款金额不能超过订单金额');
    const created = await request('ORD-1', 1000);
    expect(created.body.data).toMatchObject({ reviewStatus: 0, hospitalId, machineNo: 'REF-1' });
    expect((await request('ORD-1', 10)).body.msg).toBe('订单 ORD-1 已申请过退款');
    const id = created.body.data.id as string;

    const listed = (await get('/refund/review/list?orderNo=ORD-1')).body.data.records[0];
    expect(listed).toMatchObject({
      customerPhone: '138****5678',
      orderAmount: 1000,
      hospitalName: '协和医院',
    });
    expect((await get(`/refund/review/detail?id=${id}`)).body.data.customerPhone).toBe('13812345678');

    const [first, second] = await Promise.all([
      post(`/refund/review/agree?id=${id}`),
      post(`/refund/review/agree?id=${id}`),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 400]);
    const loser = first.status === 400 ? first : second;
    expect(loser.body.msg).toMatch(
      /^该退款已被 .+ 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 同意，不能再次审核$/,
    );
    expect((await post(`/refund/review/reject?id=${id}&remark=${encodeURIComponent('重复')}`)).status).toBe(
      400,
    );
    const decided = (await get(`/refund/review/detail?id=${id}`)).body.data;
    expect(decided).toMatchObject({ reviewStatus: 1, reviewerName: '管理员', reviewRemark: null });

    const other = (await request('ORD-2', 500)).body.data.id as string;
    expect((await post(`/refund/review/reject?id=${other}&remark=`)).status).toBe(400);
    const rejected = await post(
      `/refund/review/reject?id=${other}&remark=${encodeURIComponent('已线下处理')}`,
    );
    expect(rejected.body).toMatchObject({
      msg: '已拒绝退款',
      data: { reviewStatus: 2, reviewRemark: '已线下处理' },
    });

    await t.app.logWriter.flush();
    const logged = await t.call({
      method: 'GET',
      url: '/api/blade-log/usual/list?size=100&logId_like=refund',
    });
    const ids = logged.body.data.records.map((r: { logId: string }) => r.logId);
    expect(ids.filter((x: string) => x === 'refund-agree')).toHaveLength(1);
    expect(ids).toContain('refund-reject');

    const board = (await get('/dashboard')).body.data;
    const today = board.refundsByDay.at(-1);
    expect(board.refundsByDay).toHaveLength(30);
    expect(today.agreed).toBeGreaterThanOrEqual(1);
    expect(today.rejected).toBeGreaterThanOrEqual(1);
  });

  it('keeps order numbers per tenant: the same order in two tenants is refunded in each, twice in one is refused, one of two at once stands (issue 44, item 8)', async () => {
    const mine = await machine('ORDER-A', 2);
    const theirAdmin = await createTenantAdmin(t, '730044');
    const theirHospital = await post(
      '/hospital/submit',
      { hospitalCode: 'HB', hospitalName: '乙医院' },
      theirAdmin.token,
    );
    const created = await post(
      '/machine/submit',
      { machineNo: 'ORDER-B', machineName: '乙柜', hospitalId: theirHospital.body.data.id, slotCount: 2 },
      theirAdmin.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const theirs = created.body.data as { machineNo: string; deviceSecret: string };
    const request = (of: { machineNo: string; deviceSecret: string }, orderNo: string) =>
      device('/refund-request', of.machineNo, of.deviceSecret, {
        orderNo,
        orderAmount: 300,
        refundAmount: 300,
      });

    // Tenant A's machine files O3 first; tenant B's machine then files its own O3.
    expect((await request(mine, 'O3')).status).toBe(200);
    const inB = await request(theirs, 'O3');
    expect(inB.status, JSON.stringify(inB.body)).toBe(200);
    expect(inB.body.data).toMatchObject({ orderNo: 'O3', tenantId: '730044', machineNo: 'ORDER-B' });
    // Twice in one tenant: refused, nothing stored.
    const again = await request(theirs, 'O3');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 400, success: false, msg: '订单 O3 已申请过退款' });
    // Two requests for one new order at once in one tenant: one row.
    const raced = await Promise.all([request(theirs, 'O4'), request(theirs, 'O4')]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    const rows = await t.store.db
      .selectFrom('zx_refund_review')
      .select(['tenant_id', 'order_no'])
      .where('order_no', 'in', ['O3', 'O4'])
      .orderBy('tenant_id')
      .orderBy('order_no')
      .execute();
    expect(rows).toEqual([
      { tenant_id: '000000', order_no: 'O3' },
      { tenant_id: '730044', order_no: 'O3' },
      { tenant_id: '730044', order_no: 'O4' },
    ]);

    // In the console each tenant sees and decides its own O3.
    for (const token of [undefined, theirAdmin.token]) {
      const listed = (await get('/refund/review/list?orderNo=O3', token)).body.data;
      expect(listed.total).toBe(1);
      const agreed = await post(`/refund/review/agree?id=${listed.records[0].id}`, undefined, token);
      expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
      expect(agreed.body.data.reviewStatus).toBe(1);
    }
  });

  it('answers another tenant’s administrator 404 for every business id and changes nothing (S4)', async () => {
    const m = await machine('ISO-1', 2);
    const slots = await slotsOf(m.id);
    const refund = (
      await device('/refund-request', 'ISO-1', m.deviceSecret, {
        orderNo: 'ORD-ISO',
        orderAmount: 100,
        refundAmount: 100,
      })
    ).body.data.id as string;
    const apkFile = await t.call({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      ...multipart('iso.apk', apkBytes('iso')),
    });
    const apk = (
      await post('/apk/update', {
        appName: 'a',
        packageName: 'com.iso.app',
        versionName: '1',
        versionCode: 1,
        attachId: apkFile.body.data.attachId,
      })
    ).body.data.id as string;
    const stranger = await createTenantAdmin(t, '730002');
    const s = stranger.token;

    for (const url of [
      `/hospital/detail?id=${hospitalId}`,
      `/machine/detail?id=${m.id}`,
      `/apk/detail?id=${apk}`,
      `/refund/review/detail?id=${refund}`,
    ])
      expect((await get(url, s)).status, url).toBe(404);
    for (const url of [
      `/hospital/remove?ids=${hospitalId}`,
      `/machine/remove?ids=${m.id}`,
      `/refund/review/remove?ids=${refund}`,
      `/refund/review/agree?id=${refund}`,
      `/refund/review/reject?id=${refund}&remark=x`,
      `/machine/bindWxAccount?id=${m.id}&wxOpenId=evil`,
      `/machine/rotate-secret?id=${m.id}`,
    ])
      expect((await post(url, undefined, s)).status, url).toBe(404);
    expect(
      (await post('/hospital/submit', { id: hospitalId, hospitalCode: 'EVIL', hospitalName: 'evil' }, s))
        .status,
    ).toBe(404);
    expect(
      (
        await post(
          '/machine/submit',
          { id: m.id, machineNo: 'ISO-1', machineName: 'evil', hospitalId, slotCount: 1 },
          s,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          '/apk/update',
          { id: apk, appName: 'evil', packageName: 'com.iso.app', versionName: '1', versionCode: 1 },
          s,
        )
      ).status,
    ).toBe(404);
    expect((await post('/slot/status', { slotIds: [slots[0]!.id], status: 4 }, s)).status).toBe(404);
    expect((await get('/slot/grant-tree?machineNo=ISO-1', s)).status).toBe(404);
    expect(
      (await post('/slot/grant/slot', { userIds: [stranger.userId], slotIds: [slots[0]!.id] }, s)).status,
    ).toBe(400);
    expect(
      (await post('/slot/grant/machine', { userIds: [stranger.userId], machineNos: ['ISO-1'] }, s)).status,
    ).toBe(400);

    expect((await get(`/hospital/detail?id=${hospitalId}`)).body.data.hospitalName).toBe('协和医院');
    expect((await get(`/machine/detail?id=${m.id}`)).body.data).toMatchObject({
      machineName: '柜ISO-1',
      wxOpenId: null,
      slotCount: 2,
    });
    expect((await get(`/refund/review/detail?id=${refund}`)).body.data.reviewStatus).toBe(0);
    expect((await get(`/apk/detail?id=${apk}`)).body.data.appName).toBe('a');
    expect((await slotsOf(m.id)).map((x) => x.status)).toEqual([0, 0]);
    expect((await device('/heartbeat', 'ISO-1', m.deviceSecret, {})).status).toBe(200);
  });

  it('asks for the buttons: an operator without them gets 403 and nothing changes', async () => {
    const viewer = await createOperator(t, ['hospital', 'machine', 'slot', 'refund']);
    const v = viewer.token;
    expect((await post('/hospital/submit', { hospitalCode: 'NOPE', hospitalName: 'x' }, v)).status).toBe(403);
    expect((await post(`/hospital/remove?ids=${hospitalId}`, undefined, v)).status).toBe(403);
    expect(
      (await post('/machine/submit', { machineNo: 'NOPE', machineName: 'x', hospitalId, slotCount: 1 }, v))
        .status,
    ).toBe(403);
    expect(
      (await post('/slot/grant/machine', { userIds: [viewer.userId], machineNos: ['DEV-1'] }, v)).status,
    ).toBe(403);
    expect((await post('/refund/review/agree?id=1', undefined, v)).status).toBe(403);
    expect((await get('/refund/review/detail?id=1', v)).status).toBe(403);
    expect((await get('/hospital/list?hospitalCode=NOPE')).body.data.total).toBe(0);
  });
});
