import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_MODEL_XML, LEAVE_PROCESS_KEY } from '../../src/db/seed/leave-model.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Workflow models, deployments and process definitions (issue 17): the XML is parsed on submit and
// on deploy, each deploy is a new version, definitions suspend and resume, deployments go, and all of
// it stays in its tenant.

const MODEL = '/api/blade-flow/model';
const MANAGER = '/api/blade-flow/manager';

/** The leave model with another process id (a second model in the same tenant). */
const renamed = (key: string) => LEAVE_MODEL_XML.replaceAll(`"${LEAVE_PROCESS_KEY}"`, `"${key}"`);

const TWO_TASKS = (key: string, condition = 'days > 3') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="Two tasks" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="first" />
    <userTask id="first" name="First" flowable:assignee="\${starter}" />
    <sequenceFlow id="f2" sourceRef="first" targetRef="gate" />
    <exclusiveGateway id="gate" default="f4" />
    <sequenceFlow id="f3" sourceRef="gate" targetRef="second"><conditionExpression>\${${condition}}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f4" sourceRef="gate" targetRef="end" />
    <userTask id="second" name="Second" flowable:candidateGroups="role:manager" />
    <sequenceFlow id="f5" sourceRef="second" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

function files(parts: Array<{ name: string; content: string }>, fields: Record<string, string> = {}) {
  const boundary = `----flow${randomBytes(8).toString('hex')}`;
  const chunks: string[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  for (const part of parts)
    chunks.push(
      `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${part.name}"\r\n` +
        `content-type: text/xml\r\n\r\n${part.content}\r\n`,
    );
  chunks.push(`--${boundary}--\r\n`);
  return {
    payload: Buffer.from(chunks.join(''), 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(oneEngineFor(import.meta.url))('workflow models and deployments on %s', (kind) => {
  let t: TestApp;

  const submit = (body: object, token?: string) =>
    t.call({ method: 'POST', url: `${MODEL}/submit`, payload: body }, token ?? t.adminToken);
  const get = (url: string, token?: string) => t.call({ method: 'GET', url }, token ?? t.adminToken);
  const post = (url: string, token?: string) => t.call({ method: 'POST', url }, token ?? t.adminToken);
  const definitions = async (token?: string, query = '') =>
    (await get(`${MANAGER}/list?current=1&size=50&descs=version${query}`, token)).body.data;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('has the leave process from the start: its model, deployed as version 1', async () => {
    const models = (await get(`${MODEL}/list?current=1&size=10&modelKey=Leave`)).body.data;
    expect(models.records).toEqual([
      expect.objectContaining({ modelKey: 'Leave', name: '请假流程', category: 'flow_1', version: 1 }),
    ]);
    expect((await get(`${MODEL}/detail-xml?id=${models.records[0].id}`)).body.data.xml).toBe(LEAVE_MODEL_XML);
    expect((await definitions(undefined, '&processKey=Leave')).records).toEqual([
      expect.objectContaining({ key: 'Leave', version: 1, suspensionState: 1, category: 'flow_1' }),
    ]);
  });

  it('saves a model whose XML parses, lists it without the XML and versions each save', async () => {
    const xml = renamed('LeaveCopy');
    const created = await submit({ modelKey: 'LeaveCopy', name: '请假流程', category: 'flow_1', xml });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      modelKey: 'LeaveCopy',
      name: '请假流程',
      version: 1,
      deployTime: null,
    });
    expect(created.body.data).not.toHaveProperty('xml');
    const id = created.body.data.id as string;

    const list = (await get(`${MODEL}/list?current=1&size=10&modelKey=LeaveCopy`)).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).not.toHaveProperty('xml');
    expect((await get(`${MODEL}/detail-xml?id=${id}`)).body.data).toMatchObject({ id, xml });
    // A BladeX client opens its designer from the detail: the XML under its FlowModel's name too.
    const detail = await get(`${MODEL}/detail?id=${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id, modelKey: 'LeaveCopy', xml, modelEditorXml: xml });
    expect((await get(`${MODEL}/detail-xml?id=${id}`)).body.data).toEqual(detail.body.data);

    const again = await submit({ id, modelKey: 'LeaveCopy', name: '请假', xml });
    expect(again.body.data).toMatchObject({ id, name: '请假', version: 2 });
    expect((await submit({ modelKey: 'Leave', name: 'x', xml: LEAVE_MODEL_XML })).body.msg).toBe(
      '模型标识已存在: Leave',
    );
  });

  it('refuses a model that does not parse, names the problem, and stores nothing', async () => {
    const refused = async (xml: string, modelKey = 'Bad') => {
      const res = await submit({ modelKey, name: 'bad', xml });
      expect(res.status).toBe(400);
      return res.body.msg as string;
    };
    expect(await refused('<definitions')).toMatch(/^流程模型有误: /);
    expect(await refused(TWO_TASKS('Other'))).toBe('模型标识 Bad 与流程图的流程标识 Other 不一致');
    expect(
      await refused(
        TWO_TASKS('Bad')
          .replace('<userTask id="second" name="Second"', '<scriptTask id="second" name="Second"')
          .replace(
            'flowable:candidateGroups="role:manager" />',
            'scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>',
          ),
      ),
    ).toMatch(/^流程模型有误: .*second/);
    // Expressions are FEEL, never JavaScript: what does not parse is refused.
    expect(await refused(TWO_TASKS('Bad', 'process.exit(1'))).toMatch(/^流程模型有误: /);
    const missing = await submit({ modelKey: 'Bad', name: ' ', xml: '' });
    expect(missing.status).toBe(400);
    expect((await get(`${MODEL}/list?current=1&size=10&modelKey=Bad`)).body.data.total).toBe(0);
  });

  it('deploys a model as a new version each time; a definition suspends and resumes', async () => {
    const model = await submit({
      modelKey: 'TwoTasks',
      name: '两步',
      category: 'flow_1',
      xml: TWO_TASKS('TwoTasks'),
    });
    const modelId = model.body.data.id as string;
    const first = await post(`${MODEL}/deploy?modelId=${modelId}&category=flow_1`);
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('部署成功');
    expect(first.body.data).toEqual([
      expect.objectContaining({
        key: 'TwoTasks',
        name: 'Two tasks',
        version: 1,
        suspensionState: 1,
        category: 'flow_1',
        tenantId: '000000',
      }),
    ]);
    const second = (await post(`${MODEL}/deploy?modelId=${modelId}`)).body.data[0];
    expect(second).toMatchObject({ key: 'TwoTasks', version: 2, category: 'flow_1' });
    expect((await get(`${MODEL}/detail?id=${modelId}`)).body.data.deployTime).not.toBeNull();

    const listed = await definitions(undefined, '&processKey=TwoTasks');
    expect(listed.records.map((d: { version: number }) => d.version)).toEqual([2, 1]);

    expect((await post(`${MANAGER}/change-state?processId=${second.id}&state=suspend`)).status).toBe(200);
    expect((await definitions(undefined, '&processKey=TwoTasks')).records[0]).toMatchObject({
      version: 2,
      suspensionState: 2,
    });
    await post(`${MANAGER}/change-state?processId=${second.id}&state=active`);
    expect((await definitions(undefined, '&processKey=TwoTasks')).records[0].suspensionState).toBe(1);
    expect((await post(`${MANAGER}/change-state?processId=${second.id}&state=frozen`)).status).toBe(400);

    // A removed deployment leaves the list; its version is never given again.
    expect((await post(`${MANAGER}/delete-deployment?deploymentIds=${second.deploymentId}`)).status).toBe(
      200,
    );
    expect(
      (await definitions(undefined, '&processKey=TwoTasks')).records.map(
        (d: { version: number }) => d.version,
      ),
    ).toEqual([1]);
    expect((await post(`${MODEL}/deploy?modelId=${modelId}`)).body.data[0].version).toBe(3);
    expect((await post(`${MANAGER}/delete-deployment?deploymentIds=${second.deploymentId}`)).status).toBe(
      400,
    );
  });

  it('deploys uploaded .bpmn files all or none', async () => {
    const upload = (body: ReturnType<typeof files>, token?: string) =>
      t.call({ method: 'POST', url: `${MANAGER}/deploy-upload`, ...body }, token ?? t.adminToken);
    const ok = await upload(
      files(
        [
          { name: 'a.bpmn', content: TWO_TASKS('UploadA') },
          { name: 'b.bpmn20.xml', content: renamed('UploadB') },
        ],
        { category: 'flow_2' },
      ),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((d: { key: string; resourceName: string }) => [d.key, d.resourceName])).toEqual([
      ['UploadA', 'a.bpmn'],
      ['UploadB', 'b.bpmn20.xml'],
    ]);
    expect(new Set(ok.body.data.map((d: { deploymentId: string }) => d.deploymentId)).size).toBe(1);

    const bad = await upload(
      files([
        { name: 'c.bpmn', content: TWO_TASKS('UploadC') },
        { name: 'd.bpmn', content: '<definitions' },
      ]),
    );
    expect(bad.status).toBe(400);
    expect((await definitions(undefined, '&processKey=UploadC')).total).toBe(0);
    expect((await upload(files([{ name: 'e.txt', content: TWO_TASKS('UploadE') }]))).status).toBe(400);
    expect((await upload(files([]))).status).toBe(400);
  });

  it('keeps models and definitions in their tenant; only the platform administrator deploys to others', async () => {
    const model = await submit({ modelKey: 'Shared', name: '共享', xml: TWO_TASKS('Shared') });
    const modelId = model.body.data.id as string;
    const other = await createTenantAdmin(t, '400017');
    expect((await get(`${MODEL}/detail?id=${modelId}`, other.token)).status).toBe(404);
    expect((await get(`${MODEL}/list?current=1&size=10`, other.token)).body.data.total).toBe(0);
    expect((await post(`${MODEL}/deploy?modelId=${modelId}`, other.token)).status).toBe(404);

    const deployed = await post(`${MODEL}/deploy?modelId=${modelId}&tenantIds=000000,400017`);
    expect(
      deployed.body.data.map((d: { tenantId: string; version: number }) => [d.tenantId, d.version]),
    ).toEqual([
      ['000000', 1],
      ['400017', 1],
    ]);
    const theirs = await definitions(other.token);
    expect(theirs.records.map((d: { key: string }) => d.key)).toEqual(['Shared']);
    const mine = deployed.body.data[0];
    expect(
      (await post(`${MANAGER}/change-state?processId=${mine.id}&state=suspend`, other.token)).status,
    ).toBe(404);

    const own = await submit({ modelKey: 'Theirs', name: 'x', xml: TWO_TASKS('Theirs') }, other.token);
    expect(
      (await post(`${MODEL}/deploy?modelId=${own.body.data.id}&tenantIds=000000`, other.token)).status,
    ).toBe(403);
  });

  it('asks for the buttons: add, edit, delete, deploy, state, remove', async () => {
    const reader = await createOperator(t, ['flow_model', 'flow_manager']);
    expect((await get(`${MODEL}/list`, reader.token)).status).toBe(200);
    expect((await submit({ modelKey: 'Op', name: 'op', xml: TWO_TASKS('Op') }, reader.token)).status).toBe(
      403,
    );
    const writer = await createOperator(t, ['flow_model_add', 'flow_model_deploy']);
    const saved = await submit({ modelKey: 'Op', name: 'op', xml: TWO_TASKS('Op') }, writer.token);
    expect(saved.status).toBe(200);
    const deployed = await post(`${MODEL}/deploy?modelId=${saved.body.data.id}`, writer.token);
    expect(deployed.status).toBe(200);
    expect((await post(`${MODEL}/deploy?modelId=${saved.body.data.id}`, reader.token)).status).toBe(403);
    expect(
      (
        await post(
          `${MANAGER}/change-state?processId=${deployed.body.data[0].id}&state=suspend`,
          writer.token,
        )
      ).status,
    ).toBe(403);
  });
});
