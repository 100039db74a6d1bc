import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPAIR_PROCESS_KEY } from '../../src/db/seed/repair-process.js';
import { createOperator, createTenantAdmin, WORK_CODES } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 51, part D: processes with designed forms and no code. A model binds a form to its start
// event and user tasks with each field's access; saving checks the forms and fields, deploying pins
// the published version; a start and a completion are checked against the pinned form on the
// server, the data stays with the instance, each reader sees it through their step's form, the work
// lists filter by searchable fields, conditions read the fields, and tenants are kept apart.

const FORM = '/api/blade-flow/form';
const MODEL = '/api/blade-flow/model';
const WORK = '/api/blade-flow/work';
const PROCESS = '/api/blade-flow/process';

const field = (key: string, type: string, more: Record<string, unknown> = {}) => ({
  key,
  type,
  label: { zh: `字段${key}`, en: `Field ${key}` },
  ...more,
});

const TICKET_FIELDS = [
  field('title', 'text', { required: true, searchable: true }),
  field('amount', 'number', { required: true, min: 0 }),
  field('approver', 'user', { required: true }),
  field('secret', 'text'),
  field('note', 'textarea', { required: true }),
];

/** The property of a field on an element: editable, read-only or hidden. */
const prop = (id: string, access: 'editable' | 'readonly' | 'hidden') =>
  access === 'editable'
    ? `<flowable:formProperty id="${id}"/>`
    : access === 'readonly'
      ? `<flowable:formProperty id="${id}" writable="false"/>`
      : `<flowable:formProperty id="${id}" readable="false" writable="false"/>`;

/**
 * A ticket: the start sets title, amount, approver and secret (note read-only); the review shows
 * title, amount and approver read-only, hides the secret and sets the note; above 1000 (a condition
 * on the form's amount) a second review follows.
 */
const ticketModel = (key: string, formKey = 'ticket', extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="工单" isExecutable="true">
    <startEvent id="begin" name="提交" flowable:formKey="${formKey}">
      <extensionElements>
        ${prop('title', 'editable')}${prop('amount', 'editable')}${prop('approver', 'editable')}
        ${prop('secret', 'editable')}${prop('note', 'readonly')}${extra}
      </extensionElements>
    </startEvent>
    <sequenceFlow id="toReview" sourceRef="begin" targetRef="review" />
    <userTask id="review" name="审核" flowable:assignee="\${approver}" flowable:formKey="${formKey}">
      <extensionElements>
        ${prop('title', 'readonly')}${prop('amount', 'readonly')}${prop('approver', 'readonly')}
        ${prop('secret', 'hidden')}${prop('note', 'editable')}
      </extensionElements>
    </userTask>
    <sequenceFlow id="toSplit" sourceRef="review" targetRef="split" />
    <exclusiveGateway id="split" default="toEnd" />
    <sequenceFlow id="toSecond" sourceRef="split" targetRef="second">
      <conditionExpression xsi:type="tFormalExpression">\${amount > 1000}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="toEnd" sourceRef="split" targetRef="end" />
    <userTask id="second" name="复核" flowable:assignee="\${approver}" />
    <sequenceFlow id="secondToEnd" sourceRef="second" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

type Row = Record<string, unknown>;

/** The work lists' form filter as a query string tail. */
const q = (field: string, value: string) => `&formField=${field}&formValue=${encodeURIComponent(value)}`;
type User = { userId: string; token: string };

describe.each(oneEngineFor(import.meta.url))('processes with designed forms on %s', (kind) => {
  let t: TestApp;
  let definitionId: string;
  const users: Record<'applicant' | 'approver' | 'reader' | 'stranger', User> = {} as never;

  const get = (url: string, token?: string) => t.call({ method: 'GET', url }, token ?? t.adminToken);
  const post = (url: string, payload: object, token?: string) =>
    t.call({ method: 'POST', url, payload }, token ?? t.adminToken);
  const saveForm = (formKey: string, fields: object[], published: 0 | 1, token?: string, id?: string) =>
    post(
      `${FORM}/submit`,
      {
        ...(id ? { id } : {}),
        formKey,
        name: `表单${formKey}`,
        published,
        definition: { layout: 2, fields },
      },
      token,
    );
  const saveModel = (modelKey: string, xml: string, token?: string) =>
    post(`${MODEL}/submit`, { modelKey, name: '工单', xml }, token);
  const deploy = async (modelKey: string, xml: string, token?: string) => {
    const model = await saveModel(modelKey, xml, token);
    expect(model.status, JSON.stringify(model.body)).toBe(200);
    return t.call(
      { method: 'POST', url: `${MODEL}/deploy?modelId=${model.body.data.id}` },
      token ?? t.adminToken,
    );
  };
  const start = (variables: Row, copyUserIds?: string[], id = definitionId) =>
    post(
      `${WORK}/start-process`,
      { processDefinitionId: id, variables, ...(copyUserIds ? { copyUserIds } : {}) },
      users.applicant.token,
    );
  const valid = (more: Row = {}) => ({
    title: '打印机卡纸',
    amount: 300,
    approver: users.approver.userId,
    secret: '内部备注',
    ...more,
  });
  const sent = async (query = '') =>
    (await get(`${WORK}/send-list?size=100${query}`, users.applicant.token)).body.data.records as Row[];
  const todo = async (user: User, instanceId: string, query = '') =>
    ((await get(`${WORK}/todo-list?size=100${query}`, user.token)).body.data.records as Row[]).filter(
      (r) => r.processInstanceId === instanceId,
    );
  const formData = async (user: User, instanceId: string, taskId?: string) => {
    const res = await get(
      `${PROCESS}/form-data?processInstanceId=${instanceId}${taskId ? `&taskId=${taskId}` : ''}`,
      user.token,
    );
    return res;
  };
  const complete = (user: User, task: Row, variables: Row, flag = 'ok') =>
    post(
      `${WORK}/complete-task`,
      { taskId: task.taskId, processInstanceId: task.processInstanceId, flag, variables },
      user.token,
    );
  const started = async (variables: Row, copyUserIds?: string[]) => {
    const res = await start(variables, copyUserIds);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.processInstanceId as string;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const name of ['applicant', 'approver', 'stranger'] as const)
      users[name] = await createOperator(t, [...WORK_CODES, 'work_send']);
    users.reader = await createOperator(t, [...WORK_CODES, 'work_send']);
    expect((await saveForm('ticket', TICKET_FIELDS, 1)).status).toBe(200);
    const deployed = await deploy('Ticket', ticketModel('Ticket'));
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    definitionId = deployed.body.data[0].id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a model naming an unknown form or field, and deploys nothing of a draft form', async () => {
    const models = async () => (await get(`${MODEL}/list?size=100`)).body.data.total as number;
    const definitions = async () =>
      (await get('/api/blade-flow/manager/list?size=100')).body.data.total as number;
    const before = { models: await models(), definitions: await definitions() };

    const unknownForm = await saveModel('NoForm', ticketModel('NoForm', 'nosuchform'));
    expect(unknownForm.status).toBe(400);
    expect(unknownForm.body.msg).toContain('nosuchform');
    const unknownField = await saveModel(
      'NoField',
      ticketModel('NoField', 'ticket', prop('colour', 'editable')),
    );
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.msg).toContain('colour');
    expect(await models()).toBe(before.models);

    // A draft form may be bound while designing, not deployed.
    expect((await saveForm('draftTicket', TICKET_FIELDS, 0)).status).toBe(200);
    const draft = await deploy('DraftTicket', ticketModel('DraftTicket', 'draftTicket'));
    expect(draft.status).toBe(400);
    expect(draft.body.msg).toContain('draftTicket');
    expect(await definitions()).toBe(before.definitions);
  });

  it('starts only with valid data of the start form, checked on the server', async () => {
    const before = (await sent()).length;
    const startForm = (
      await get(`${WORK}/start-form?processDefinitionId=${definitionId}`, users.applicant.token)
    ).body.data;
    // What the start sets only (the note is the review's).
    expect(startForm.definition.fields.map((f: Row) => f.key)).toEqual([
      'title',
      'amount',
      'approver',
      'secret',
    ]);
    expect(Object.values(startForm.access)).toEqual(['editable', 'editable', 'editable', 'editable']);

    const missing = await start({ amount: 'lots', approver: users.approver.userId });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('title');
    expect(missing.body.msg).toContain('amount');
    const readOnly = await start(valid({ note: '我来写' }));
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.msg).toContain('note');
    // A bound of 0 is a bound (min 0 on the amount): a negative amount is refused.
    const negative = await start(valid({ amount: -1 }));
    expect(negative.status).toBe(400);
    expect(negative.body.msg).toContain('amount');
    const unknownUser = await start(valid({ approver: '999999999' }));
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.msg).toContain('approver');
    expect((await sent()).length).toBe(before);

    const instanceId = await started(valid());
    expect((await sent()).length).toBe(before + 1);
    const [task] = await todo(users.approver, instanceId);
    expect(task).toMatchObject({ taskName: '审核' });
  });

  it('shows each reader their step’s fields, sets only the editable ones, and routes on a field', async () => {
    const big = await started(valid({ amount: 5000, title: '服务器宕机' }), [users.reader.userId]);
    const [task] = await todo(users.approver, big);

    // The reviewer's dialog: the secret is not there at all; only the note is editable.
    const dialog = (await formData(users.approver, big, task!.taskId as string)).body.data;
    expect(dialog.definition.fields.map((f: Row) => f.key)).toEqual(['title', 'amount', 'approver', 'note']);
    expect(dialog.access).toEqual({
      title: 'readonly',
      amount: 'readonly',
      approver: 'readonly',
      note: 'editable',
    });
    expect(dialog.data).toEqual({ title: '服务器宕机', amount: 5000, approver: users.approver.userId });
    expect(dialog.taskId).toBe(task!.taskId);
    expect(JSON.stringify(dialog)).not.toContain('内部备注');
    // The reviewer's detail: the same fields, read-only.
    const detail = (await formData(users.approver, big)).body.data;
    expect(detail.access.note).toBe('readonly');
    expect(detail.data.secret).toBeUndefined();
    // The applicant and a copied user: the start's form, read-only, with the secret.
    for (const reader of [users.applicant, users.reader]) {
      const view = (await formData(reader, big)).body.data;
      expect(view.data).toMatchObject({ title: '服务器宕机', secret: '内部备注' });
      expect(Object.values(view.access).every((a) => a === 'readonly')).toBe(true);
      expect(view.taskId).toBeNull();
    }
    // Nobody else.
    expect((await formData(users.stranger, big)).status).toBe(404);

    // A read-only or hidden field is refused by name, and nothing changes.
    for (const [key, value] of [
      ['amount', 1],
      ['secret', 'changed'],
    ] as const) {
      const refused = await complete(users.approver, task!, { note: '同意', [key]: value });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(key);
    }
    // The note is required to pass.
    const noNote = await complete(users.approver, task!, {});
    expect(noNote.status).toBe(400);
    expect(noNote.body.msg).toContain('note');
    expect(await todo(users.approver, big)).toHaveLength(1);
    expect((await formData(users.applicant, big)).body.data.data).toEqual({
      title: '服务器宕机',
      amount: 5000,
      approver: users.approver.userId,
      secret: '内部备注',
    });

    // Passed: the note is stored; 5000 > 1000 routes to the second review.
    expect((await complete(users.approver, task!, { note: '同意维修' })).status).toBe(200);
    expect((await formData(users.applicant, big)).body.data.data.note).toBe('同意维修');
    expect((await todo(users.approver, big)).map((r) => r.taskName)).toEqual(['复核']);

    // 300 ends after the review.
    const small = await started(valid({ amount: 300 }));
    const [smallTask] = await todo(users.approver, small);
    expect((await complete(users.approver, smallTask!, { note: '小额' })).status).toBe(200);
    expect(await todo(users.approver, small)).toHaveLength(0);
    expect((await sent()).find((r) => r.processInstanceId === small)).toMatchObject({ status: 2 });
  });

  it('a request returned to its applicant is resubmitted with the start form changed, and the flow reads it', async () => {
    const id = await started(valid({ amount: 300, title: '显示器闪烁' }));
    const [review] = await todo(users.approver, id);
    const returned = await post(
      `${WORK}/return-task`,
      { taskId: review!.taskId, target: 'initiator', comment: '金额请按发票填写' },
      users.approver.token,
    );
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const [back] = await todo(users.applicant, id);
    // The applicant's dialog: the start's fields, editable again (the note still not theirs).
    const dialog = (await formData(users.applicant, id, back!.taskId as string)).body.data;
    expect(dialog.taskId).toBe(back!.taskId);
    expect(dialog.access).toMatchObject({ title: 'editable', amount: 'editable', note: 'readonly' });
    // A field that is not theirs, or a value the form refuses: 400 naming it, nothing changed.
    for (const variables of [{ note: '自己写' }, { amount: 'lots' }]) {
      const refused = await complete(users.applicant, back!, variables);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(Object.keys(variables)[0]);
    }
    expect(await todo(users.applicant, id)).toHaveLength(1);
    expect((await formData(users.applicant, id)).body.data.data.amount).toBe(300);
    // Resubmitted at 5000: stored, straight back to the reviewer, and the gateway reads 5000.
    expect((await complete(users.applicant, back!, { amount: 5000 })).status).toBe(200);
    expect((await formData(users.applicant, id)).body.data.data).toMatchObject({
      title: '显示器闪烁',
      amount: 5000,
    });
    const [again] = await todo(users.approver, id);
    expect(again!.taskName).toBe('审核');
    expect((await complete(users.approver, again!, { note: '按发票' })).status).toBe(200);
    expect((await todo(users.approver, id)).map((r) => r.taskName)).toEqual(['复核']);
  });

  it('filters the work lists by a searchable field', async () => {
    const a = await started(valid({ title: '空调漏水 A-17' }));
    const b = await started(valid({ title: '门禁故障 B-02' }));
    const ids = (rows: Row[]) => rows.map((r) => r.processInstanceId);
    const bySearch = await sent(q('title', 'a-17'));
    expect(ids(bySearch)).toContain(a);
    expect(ids(bySearch)).not.toContain(b);
    expect(await todo(users.approver, b, q('title', 'B-02'))).toHaveLength(1);
    expect(await todo(users.approver, a, q('title', 'B-02'))).toHaveLength(0);
    // A field that is not searchable keeps no values: nothing matches it.
    expect(await sent(q('secret', '内部'))).toEqual([]);
    // Wildcards are text.
    expect(await sent(q('title', '%'))).toEqual([]);
  });

  it('keeps a deployed process on its pinned form version', async () => {
    const detail = ((await get(`${FORM}/list?formKey=ticket&size=10`)).body.data.records as Row[]).find(
      (r) => r.formKey === 'ticket',
    )!;
    // The next version requires a new field: the deployed definition keeps version 1.
    const next = await saveForm(
      'ticket',
      [...TICKET_FIELDS, field('extra', 'text', { required: true })],
      1,
      undefined,
      detail.id as string,
    );
    expect(next.body.data?.version, JSON.stringify(next.body)).toBe(2);
    const form = (await get(`${WORK}/start-form?processDefinitionId=${definitionId}`, users.applicant.token))
      .body.data;
    expect(form.version).toBe(1);
    await started(valid());
  });

  it('keeps each tenant’s forms and instance data to itself', async () => {
    const instanceId = await started(valid({ title: '租户隔离' }));
    const other = await createTenantAdmin(t, '400052');
    // Their tenant has no form "ticket": a model binding it is refused.
    const theirs = await saveModel('Ticket', ticketModel('Ticket'), other.token);
    expect(theirs.status).toBe(400);
    expect(theirs.body.msg).toContain('ticket');
    expect((await formData(other, instanceId)).status).toBe(404);
    const rows = (await get(`/api/blade-flow/follow/list?size=100${q('title', '租户')}`, other.token)).body
      .data.records as Row[];
    expect(rows).toEqual([]);
    // Their own form of the same key is theirs: its data and search values stay in their tenant.
    expect((await saveForm('ticket', TICKET_FIELDS, 1, other.token)).status).toBe(200);
    const deployed = await deploy('Ticket', ticketModel('Ticket'), other.token);
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    const mine = (await get(`/api/blade-flow/follow/list?size=100${q('title', '租户')}`)).body.data
      .records as Row[];
    expect(mine.map((r) => r.processInstanceId)).toEqual([instanceId]);
    const values = await t.store.db
      .selectFrom('blade_flow_form_value')
      .select(['tenant_id', 'field_value'])
      .where('instance_id', '=', BigInt(instanceId))
      .execute();
    expect(values).toEqual([{ tenant_id: '000000', field_value: '租户隔离' }]);
  });

  it('the seeded machine repair process is the machine page’s: 发起事务 neither offers nor starts it', async () => {
    // It runs end to end from the machine page's 报修 (machine-repair.test.ts): the designed form's
    // data, the maintainer's task with the start's fields read-only, its end clearing the fault.
    const maintainer = await createOperator(t, [...WORK_CODES]);
    const offered = (await get(`${WORK}/start-list?size=100`, users.applicant.token)).body.data
      .records as Row[];
    expect(offered.map((d) => d.key)).not.toContain(REPAIR_PROCESS_KEY);
    const definition = await t.store.db
      .selectFrom('blade_flow_definition')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('process_key', '=', REPAIR_PROCESS_KEY)
      .executeTakeFirstOrThrow();
    const form = (
      await get(`${WORK}/start-form?processDefinitionId=${String(definition.id)}`, users.applicant.token)
    ).body.data;
    expect(form.definition.fields.map((f: Row) => f.key)).toEqual([
      'machine',
      'slot',
      'maintainer',
      'fault',
      'photos',
    ]);
    const res = await start(
      { machine: 'ZX-0042', fault: '屏幕不亮', maintainer: maintainer.userId },
      undefined,
      String(definition.id),
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('/api/zxgxg-api/machine/repair');
  });
});
