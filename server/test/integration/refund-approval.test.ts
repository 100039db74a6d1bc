import { REFUND_REVIEW_STATUS } from '@console/contract/business';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/repository/store.js';
import { REFUND_APPROVAL_KEY, REFUND_THRESHOLD_PARAM } from '../../src/db/seed/refund-process.js';
import { RefundRepository } from '../../src/modules/business/refund/refund.repository.js';
import { FlowDefinitionRepository } from '../../src/modules/flow/manager/definition.repository.js';
import { ParamRepository } from '../../src/modules/system/param/param.repository.js';
import { createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 51: a refund above the tenant's threshold needs a second approval, the seeded process
// 退款复核 with no code of its own: the review's 同意 starts it, and the refund is agreed only when
// the process approves (rejected when it rejects); below the threshold 同意 agrees at once.

const TENANT = '510071';
const REFUND = '/api/zxgxg-api/refund/review';
const WORK = '/api/blade-flow/work';
const MODEL = '/api/blade-flow/model';

type Row = Record<string, string | null>;

describe.each(oneEngineFor(import.meta.url))('refund second approval on %s', (kind) => {
  let t: TestApp;
  let admin: { userId: string; token: string };
  let reviewer: { userId: string; token: string };
  const tenantActor: Actor = { tenantId: TENANT, userId: null, deptId: null };
  let order = 0;

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.call({ method, url, ...(payload ? { payload } : {}) }, token);
  const refundOf = async (amount: number) => {
    const id = await new RefundRepository(t.store).insert(tenantActor, {
      orderNo: `APPROVAL-${kind}-${++order}`,
      machineNo: 'M-1',
      slotNo: null,
      hospitalId: null,
      customerOpenId: null,
      customerPhone: null,
      orderAmount: amount,
      refundAmount: amount,
      reason: null,
      applyTime: new Date() as unknown as string,
      reviewStatus: REFUND_REVIEW_STATUS.PENDING,
    });
    return id;
  };
  const statusOf = async (id: string) =>
    (await new RefundRepository(t.store).findById(tenantActor, id))!.reviewStatus;
  const approvalTask = async (orderNo?: string) => {
    const rows = (await call('GET', `${WORK}/claim-list?size=100`, admin.token)).body.data.records as Row[];
    void orderNo;
    return rows.filter((r) => r.processDefinitionKey === REFUND_APPROVAL_KEY);
  };
  const decideApproval = async (flag: 'ok' | 'reject', comment: string) => {
    const [task] = await approvalTask();
    expect(task, 'the approval waits for the tenant administrators').toBeDefined();
    expect((await call('POST', `${WORK}/claim-task?taskId=${task!.taskId}`, admin.token)).status).toBe(200);
    const done = await call('POST', `${WORK}/complete-task`, admin.token, {
      taskId: task!.taskId,
      processInstanceId: task!.processInstanceId,
      flag,
      comment,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await createTenantAdmin(t, TENANT);
    // Refunds are read within machine grants; the tenant's administrator sees them all, and reviews.
    reviewer = admin;
    // The platform deploys its seeded model to the tenant.
    const models = await t.call({ method: 'GET', url: `${MODEL}/list?size=100` });
    const model = (models.body.data.records as Row[]).find((m) => m.modelKey === REFUND_APPROVAL_KEY);
    expect(model, 'the seeded model').toBeDefined();
    const deployed = await t.call({
      method: 'POST',
      url: `${MODEL}/deploy?modelId=${model!.id}&tenantIds=${TENANT}`,
    });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    await new ParamRepository(t.store).insert(tenantActor, {
      paramName: '退款复核阈值（分）',
      paramKey: REFUND_THRESHOLD_PARAM,
      paramValue: '10000',
      remark: null,
      visibility: 0,
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('below the threshold: 同意 agrees at once, no process', async () => {
    const id = await refundOf(10000);
    const res = await call('POST', `${REFUND}/agree?id=${id}`, reviewer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('已同意退款');
    expect(await statusOf(id)).toBe(REFUND_REVIEW_STATUS.AGREED);
    expect(await approvalTask()).toEqual([]);
  });

  it('above: pending until the process approves; its reviewers can no longer decide it', async () => {
    const id = await refundOf(10001);
    const res = await call('POST', `${REFUND}/agree?id=${id}`, reviewer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toContain('已提交复核');
    expect(await statusOf(id)).toBe(REFUND_REVIEW_STATUS.PENDING);
    for (const again of [`${REFUND}/agree?id=${id}`, `${REFUND}/reject?id=${id}&remark=x`]) {
      const refused = await call('POST', again, reviewer.token);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('该退款正在复核中，须等复核流程办结');
    }
    // The process is the refund's form's: 发起事务 does not offer it (the leave it does), and a start
    // sent there anyway is refused.
    const offered = (await call('GET', `${WORK}/start-list?size=100`, admin.token)).body.data
      .records as Row[];
    expect(offered.map((d) => d.key)).not.toContain(REFUND_APPROVAL_KEY);
    const definition = await new FlowDefinitionRepository(t.store).latestActive(
      tenantActor,
      REFUND_APPROVAL_KEY,
    );
    const generic = await call('POST', `${WORK}/start-process`, admin.token, {
      processDefinitionId: definition!.id,
      variables: { orderNo: 'X', refundAmount: 1 },
    });
    expect(generic.status).toBe(400);

    await decideApproval('ok', '核实无误');
    expect(await statusOf(id)).toBe(REFUND_REVIEW_STATUS.AGREED);
    const refund = (await new RefundRepository(t.store).findById(tenantActor, id))!;
    expect(refund.reviewerId).toBe(admin.userId);
  });

  it('above, two 同意 at once: one second approval starts, the other is told it is under way', async () => {
    const id = await refundOf(20000);
    const before = (await approvalTask()).length;
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', `${REFUND}/agree?id=${id}`, reviewer.token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.msg).toBe('该退款正在复核中，须等复核流程办结');
    expect((await approvalTask()).length).toBe(before + 1);
    await decideApproval('ok', '核实无误');
    expect(await statusOf(id)).toBe(REFUND_REVIEW_STATUS.AGREED);
  });

  it('above, rejected in the process: the refund is rejected with the approver’s comment', async () => {
    const id = await refundOf(20000);
    expect((await call('POST', `${REFUND}/agree?id=${id}`, reviewer.token)).status).toBe(200);
    await decideApproval('reject', '金额异常');
    expect(await statusOf(id)).toBe(REFUND_REVIEW_STATUS.REJECTED);
    expect((await new RefundRepository(t.store).findById(tenantActor, id))!.reviewRemark).toBe('金额异常');
    // A reject below or above the threshold, with no process running, is the reviewer's as before.
    const other = await refundOf(30000);
    expect((await call('POST', `${REFUND}/reject?id=${other}&remark=不符`, reviewer.token)).status).toBe(200);
    expect(await statusOf(other)).toBe(REFUND_REVIEW_STATUS.REJECTED);
  });
});
