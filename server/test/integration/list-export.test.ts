import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAudit } from '../../src/db/seed/menus.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  insertDept,
  WORK_CODES,
} from './support/accounts.js';
import { enginesUnderTest } from './support/databases.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// The export of any list (issue 52, core/workbook/list-export.ts), through the user page's
// GET /api/blade-user/export: the list's filters and sort, the columns asked for in their order,
// dictionary keys as labels in the request's language, related ids as names, the tenant's rows only,
// the row limit and the export button.

/** The limit of this app's exports: small, so that the platform's users (every tenant's) exceed it. */
const MAX_ROWS = 6;

describe.each(enginesUnderTest())('list export on %s', (kind) => {
  let t: TestApp;
  let tenantAdmin: { token: string };
  const TENANT = '410410';
  const OTHER = '420420';

  const exportUsers = async (query: string, token: string, language = 'zh-CN') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/blade-user/export?${query}`,
      headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}`, 'accept-language': language },
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      disposition: String(res.headers['content-disposition'] ?? ''),
      body: res.headers['content-type']?.toString().includes('json') ? res.json() : undefined,
      rows: res.statusCode === 200 ? ((await readSheet(res.rawPayload)) as unknown[][]) : [],
    };
  };
  const columns = (titles: string[]) =>
    `columns=account,sex,deptId,createTime&titles=${encodeURIComponent(JSON.stringify(titles))}`;

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { workbooks: { exportMaxRows: MAX_ROWS } });
    tenantAdmin = await createTenantAdmin(t, TENANT);
    const dept = await insertDept(t, { tenantId: TENANT, deptName: '导出测试部', sort: 1 });
    await insertDept(t, { tenantId: TENANT, deptName: '导出子部', parentId: dept, ancestors: `0,${dept}` });
    await insertDept(t, { tenantId: TENANT, deptName: '导出乙部', sort: 2 });
    for (const [account, sex] of [
      ['exp-alice', 1],
      ['exp-bob', 2],
      ['exp-carol', null],
    ] as const) {
      const user = await createAccount(t, { tenantId: TENANT, account, deptId: dept });
      await t.store.db.updateTable('blade_user').set({ sex }).where('id', '=', BigInt(user.userId)).execute();
    }
    // Another tenant's user whose account the same search matches.
    await createAccount(t, { tenantId: OTHER, account: 'exp-other', deptId: dept });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("writes the search's rows in its order, the columns asked for, labels and names", async () => {
    const res = await exportUsers(
      `account=exp-&ascs=account&${columns(['账号', '性别', '所属部门', '创建时间'])}`,
      tenantAdmin.token,
    );
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    expect(decodeURIComponent(res.disposition)).toContain('用户-');
    const [header, ...rows] = res.rows;
    expect(header).toEqual(['账号', '性别', '所属部门', '创建时间']);
    // The other tenant's exp-other never appears; the dictionary's label, the department's name.
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['exp-alice', '男', '导出测试部'],
      ['exp-bob', '女', '导出测试部'],
      ['exp-carol', null, '导出测试部'],
    ]);
    // Dates as the wire writes them.
    for (const row of rows) expect(String(row[3])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The sort is the list's: descending now.
    const desc = await exportUsers(`account=exp-&descs=account&columns=account`, tenantAdmin.token);
    expect(desc.rows.slice(1).map((r) => r[0])).toEqual(['exp-carol', 'exp-bob', 'exp-alice']);

    // A column of fixed choices in the page's words.
    const labels = encodeURIComponent(JSON.stringify({ status: { '1': '启用', '0': '停用' } }));
    const choices = await exportUsers(
      `account=exp-alice&columns=account,status&labels=${labels}`,
      tenantAdmin.token,
    );
    expect(choices.rows[1]).toEqual(['exp-alice', '启用']);
  });

  it('writes labels in the English the dictionary API answers in English', async () => {
    const dictionary = await t.call({
      method: 'GET',
      url: '/api/blade-system/dict/dictionary?code=sex',
      headers: { 'accept-language': 'en' },
    });
    const male = (dictionary.body.data as Array<{ dictKey: string; dictValue: string }>).find(
      (d) => d.dictKey === '1',
    )!.dictValue;
    const res = await exportUsers(
      `account=exp-alice&${columns(['Account', 'Sex', 'Department', 'Created'])}`,
      tenantAdmin.token,
      'en',
    );
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.disposition)).toContain('users-');
    expect(res.rows[0]).toEqual(['Account', 'Sex', 'Department', 'Created']);
    expect(res.rows[1]!.slice(0, 3)).toEqual(['exp-alice', male, '导出测试部']);
  });

  it('exports a tree list (each node then its children) and a log through the same route', async () => {
    const get = async (url: string, token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}`, 'accept-language': 'zh-CN' },
      });
      expect(res.statusCode).toBe(200);
      return (await readSheet(res.rawPayload)) as unknown[][];
    };
    const depts = await get('/api/blade-system/dept/export?columns=deptName,deptCategory', tenantAdmin.token);
    expect(depts[0]).toEqual(['deptName', 'deptCategory']);
    // The tenant's departments only, the category as its dictionary label.
    expect(depts.slice(1)).toEqual([
      ['导出测试部', '公司'],
      ['导出子部', '公司'],
      ['导出乙部', '公司'],
    ]);

    const logs = await get(
      `/api/blade-log/api/export?columns=requestUri,method&titles=${encodeURIComponent('["地址","方式"]')}`,
      t.adminToken,
    );
    expect(logs[0]).toEqual(['地址', '方式']);
  });

  it("writes a dictionary's labels in the request's language (a dictionary with English)", async () => {
    for (const [at, status] of [0, 1, 2].entries())
      await t.store.db
        .insertInto('zx_apk')
        .values({
          id: BigInt(t.store.ids.next()),
          tenant_id: TENANT,
          app_name: `导出应用${at}`,
          package_name: `com.example.export${at}`,
          version_name: '1.0.0',
          version_code: 1,
          attach_id: null,
          file_url: null,
          file_size: null,
          md5: null,
          force_update: 0,
          release_notes: null,
          publish_status: status,
          publish_time: null,
          ...systemAudit(),
        })
        .execute();
    const apks = async (language: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/zxgxg-api/apk/export?columns=packageName,publishStatus&ascs=packageName',
        headers: {
          authorization: SABER_BASIC,
          'blade-auth': `bearer ${tenantAdmin.token}`,
          'accept-language': language,
        },
      });
      expect(res.statusCode).toBe(200);
      return ((await readSheet(res.rawPayload)) as unknown[][]).slice(1);
    };
    expect(await apks('zh-CN')).toEqual([
      ['com.example.export0', '草稿'],
      ['com.example.export1', '已发布'],
      ['com.example.export2', '已撤回'],
    ]);
    expect(await apks('en')).toEqual([
      ['com.example.export0', 'Draft'],
      ['com.example.export1', 'Published'],
      ['com.example.export2', 'Withdrawn'],
    ]);
  });

  it("exports a work list (待办): the caller's own tasks, to the export button's holders alone", async () => {
    // A process whose one task goes to the approver named at its start.
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="ExportReview" name="导出评审" isExecutable="true">
    <startEvent id="start">
      <extensionElements><flowable:formProperty id="approver" /></extensionElements>
    </startEvent>
    <sequenceFlow id="toFirst" sourceRef="start" targetRef="first" />
    <userTask id="first" name="导出审批" flowable:assignee="\${approver}" />
    <sequenceFlow id="toEnd" sourceRef="first" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
    const model = await t.call({
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: { modelKey: 'ExportReview', name: '导出评审', xml },
    });
    const deployed = await t.call({
      method: 'POST',
      url: `/api/blade-flow/model/deploy?modelId=${model.body.data.id}&category=flow_1`,
    });
    const definitionId = deployed.body.data[0].id as string;
    const applicant = await createOperator(t, [...WORK_CODES, 'work_todo_export']);
    const approver = await createOperator(t, [...WORK_CODES, 'work_todo_export']);
    const started = await t.call(
      {
        method: 'POST',
        url: '/api/blade-flow/work/start-process',
        payload: { processDefinitionId: definitionId, variables: { approver: approver.userId } },
      },
      applicant.token,
    );
    expect(started.status).toBe(200);

    const todo = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/blade-flow/work/todo-export?columns=processDefinitionName,taskName&titles=${encodeURIComponent('["流程","任务"]')}`,
        headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}`, 'accept-language': 'zh-CN' },
      });
      return {
        status: res.statusCode,
        rows: res.statusCode === 200 ? ((await readSheet(res.rawPayload)) as unknown[][]) : [],
      };
    };
    // The approver's task; the applicant's to-do list holds none (a list of one's own).
    expect((await todo(approver.token)).rows).toEqual([
      ['流程', '任务'],
      ['导出评审', '导出审批'],
    ]);
    expect((await todo(applicant.token)).rows).toEqual([['流程', '任务']]);
    // Every signed-in user reads the list; the export is the button's alone (as notices, S16).
    const withoutButton = await createOperator(t, WORK_CODES);
    expect((await todo(withoutButton.token)).status).toBe(403);
  });

  it("exports a tenant's rollouts, never another tenant's", async () => {
    // The same package in both tenants, another version in the other's.
    const packageName = 'com.example.rollout';
    for (const [tenantId, versionName] of [
      [TENANT, '2.0.0'],
      [OTHER, '9.9.9'],
    ] as const) {
      const apkId = BigInt(t.store.ids.next());
      await t.store.db
        .insertInto('zx_apk')
        .values({
          id: apkId,
          tenant_id: tenantId,
          app_name: '灰度应用',
          package_name: packageName,
          version_name: versionName,
          version_code: 200,
          attach_id: null,
          file_url: null,
          file_size: null,
          md5: null,
          force_update: 0,
          release_notes: null,
          publish_status: 1,
          publish_time: null,
          ...systemAudit(),
        })
        .execute();
      await t.store.db
        .insertInto('zx_rollout')
        .values({
          id: BigInt(t.store.ids.next()),
          tenant_id: tenantId,
          apk_id: apkId,
          package_name: packageName,
          version_code: 200,
          previous_apk_id: null,
          state: 'running',
          current_stage: 0,
          stages: '[]',
          stage_started: '[]',
          ...systemAudit(),
        })
        .execute();
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/zxgxg-api/rollout/export?columns=packageName,versionName,state&packageName=com.example.rollout',
      headers: {
        authorization: SABER_BASIC,
        'blade-auth': `bearer ${tenantAdmin.token}`,
        'accept-language': 'zh-CN',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await readSheet(res.rawPayload)).slice(1)).toEqual([['com.example.rollout', '2.0.0', 'running']]);
  });

  it("exports one machine's slots, their state as its label; the holders are no slot field", async () => {
    const post = async (url: string, payload: object) => {
      const res = await t.call({ method: 'POST', url: `/api/zxgxg-api${url}`, payload }, tenantAdmin.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { id: string };
    };
    const hospital = await post('/hospital/submit', { hospitalCode: 'EXP-H', hospitalName: '导出医院' });
    // SLX-1 and SLX-10: the page's machine is the one named, not every number containing it.
    const machine = await post('/machine/submit', {
      machineNo: 'SLX-1',
      machineName: '导出柜',
      hospitalId: hospital.id,
      slotCount: 3,
    });
    await post('/machine/submit', {
      machineNo: 'SLX-10',
      machineName: '另一柜',
      hospitalId: hospital.id,
      slotCount: 2,
    });
    await t.store.db
      .updateTable('zx_slot')
      .set({ status: 3 })
      .where('machine_id', '=', BigInt(machine.id))
      .where('slot_no', '=', 2)
      .execute();
    const slots = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/zxgxg-api/slot/export?machineNo=SLX-1&${query}`,
        headers: {
          authorization: SABER_BASIC,
          'blade-auth': `bearer ${tenantAdmin.token}`,
          'accept-language': 'zh-CN',
        },
      });
      return {
        status: res.statusCode,
        rows: res.statusCode === 200 ? (await readSheet(res.rawPayload)).slice(1) : [],
      };
    };
    expect((await slots('columns=machineNo,slotNo,status')).rows).toEqual([
      ['SLX-1', 1, '空闲'],
      ['SLX-1', 2, '故障'],
      ['SLX-1', 3, '空闲'],
    ]);
    // The page's search by state.
    expect((await slots('columns=slotNo,status&status=3')).rows).toEqual([[2, '故障']]);
    // The page's holders column is the grant tree's: the page leaves it out, the server refuses it.
    expect((await slots('columns=slotNo,holders')).status).toBe(400);
  });

  it('refuses an unknown column, a search over the limit, and a caller without the button', async () => {
    const unknown = await exportUsers('columns=account,password', tenantAdmin.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('无法导出的列: password');
    const badTitles = await exportUsers('columns=account&titles=account', tenantAdmin.token);
    expect(badTitles.status).toBe(400);
    const badLabels = await exportUsers('columns=account&labels=%5B%5D', tenantAdmin.token);
    expect(badLabels.status).toBe(400);

    // The tenant holds more users than this app's limit once these are there.
    for (let n = 0; n < MAX_ROWS; n++) await createAccount(t, { tenantId: TENANT, account: `bulk-${n}` });
    const tooMany = await exportUsers('columns=account', tenantAdmin.token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe(`导出最多 ${MAX_ROWS} 行，请缩小查询范围后再导出`);
    const narrowed = await exportUsers('columns=account&account=bulk-', tenantAdmin.token);
    expect(narrowed.status).toBe(200);
    expect(narrowed.rows).toHaveLength(1 + MAX_ROWS);

    // The list's read right alone is not enough; the export button alone neither.
    const reader = await createOperator(t, ['user'], { tenantId: TENANT });
    const refused = await exportUsers('columns=account&account=exp-', reader.token);
    expect(refused.status).toBe(403);
    const buttonOnly = await createOperator(t, ['user_export'], { tenantId: TENANT });
    expect((await exportUsers('columns=account&account=exp-', buttonOnly.token)).status).toBe(403);
    const exporter = await createOperator(t, ['user', 'user_export'], { tenantId: TENANT });
    const allowed = await exportUsers('columns=account&account=exp-', exporter.token);
    expect(allowed.status).toBe(200);
    expect(
      allowed.rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['exp-alice', 'exp-bob', 'exp-carol']);
  });
});
