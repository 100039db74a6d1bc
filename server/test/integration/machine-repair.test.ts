import { MACHINE_RUN_STATUS, SLOT_STATUS } from '@console/contract/business';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPAIR_FORM_DEFINITION,
  REPAIR_FORM_KEY,
  REPAIR_PROCESS_KEY,
} from '../../src/db/seed/repair-process.js';
import { createAccount, createOperator, createTenantAdmin, WORK_CODES } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 51: a machine repair order from the machine page. A hospital has a maintainer (a user of its
// tenant); 报修 (machine_repair) on a machine starts the seeded process 设备报修 with the fault, the
// slot and the maintainer, the instance carrying the machine; the maintainer finds the repair task
// in their todo list, and completing it ends the process, which clears the slot's fault and, with no
// slot left at fault, the machine's. Not offered by 发起事务; tenants kept apart.

const TENANT = '510081';
const API = '/api/zxgxg-api';
const WORK = '/api/blade-flow/work';
const MODEL = '/api/blade-flow/model';
const FORM = '/api/blade-flow/form';

type Row = Record<string, unknown>;
type User = { userId: string; token: string };

describe.each(oneEngineFor(import.meta.url))('machine repair orders on %s', (kind) => {
  let t: TestApp;
  let admin: User;
  let maintainer: User;
  let hospitalId: string;
  let machine: { id: string; machineNo: string };
  const slotIds = new Map<number, string>();

  const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) =>
    t.call({ method, url, ...(payload ? { payload } : {}) }, token);
  const repair = (payload: Row, token = admin.token) => call('POST', `${API}/machine/repair`, token, payload);
  const setSlot = async (slotNo: number, status: number) => {
    const res = await call('POST', `${API}/slot/status`, admin.token, {
      slotIds: [slotIds.get(slotNo)],
      status,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const slotStates = async () => {
    const res = await call('GET', `${API}/slot/list?machineId=${machine.id}&size=100`, admin.token);
    return Object.fromEntries((res.body.data.records as Row[]).map((s) => [s.slotNo, s.status]));
  };
  const machineRow = async () =>
    ((await call('GET', `${API}/machine/list?size=100`, admin.token)).body.data.records as Row[]).find(
      (m) => m.id === machine.id,
    )!;
  const setRunStatus = async (runStatus: number) => {
    const res = await call('POST', `${API}/machine/submit`, admin.token, {
      id: machine.id,
      machineNo: machine.machineNo,
      machineName: '报修机',
      hospitalId,
      slotCount: 3,
      runStatus,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** The tenant's repair instances, however many were started. */
  const instances = async () =>
    (
      await t.store.db
        .selectFrom('blade_flow_instance')
        .select(['id', 'business_table', 'business_id', 'run_state'])
        .where('tenant_id', '=', TENANT)
        .where('process_key', '=', REPAIR_PROCESS_KEY)
        .execute()
    ).map((r) => ({ ...r, id: String(r.id), business_id: String(r.business_id) }));
  const repairTask = async (user: User, instanceId: string) =>
    ((await call('GET', `${WORK}/todo-list?size=100`, user.token)).body.data.records as Row[]).find(
      (r) => r.processInstanceId === instanceId,
    );
  const completeRepair = async (instanceId: string, result: string) => {
    const task = await repairTask(maintainer, instanceId);
    expect(task, 'the repair task waits in the maintainer’s todo list').toMatchObject({ taskName: '维修' });
    const done = await call('POST', `${WORK}/complete-task`, maintainer.token, {
      taskId: task!.taskId,
      processInstanceId: instanceId,
      flag: 'ok',
      variables: { result },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await createTenantAdmin(t, TENANT);
    maintainer = await createOperator(t, [...WORK_CODES], { tenantId: TENANT });
    const hospital = await call('POST', `${API}/hospital/submit`, admin.token, {
      hospitalCode: 'RP1',
      hospitalName: '报修医院',
      maintainerId: maintainer.userId,
    });
    expect(hospital.status, JSON.stringify(hospital.body)).toBe(200);
    hospitalId = hospital.body.data.id as string;
    const made = await call('POST', `${API}/machine/submit`, admin.token, {
      machineNo: `RP-${kind}-1`,
      machineName: '报修机',
      hospitalId,
      slotCount: 3,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    machine = made.body.data as { id: string; machineNo: string };
    const slots = await call('GET', `${API}/slot/list?machineId=${machine.id}&size=100`, admin.token);
    for (const slot of slots.body.data.records as Row[])
      slotIds.set(slot.slotNo as number, slot.id as string);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a hospital’s maintainer: a user of its tenant, shown by name, refused from another tenant', async () => {
    const hospitals = (await call('GET', `${API}/hospital/list?size=100`, admin.token)).body.data
      .records as Row[];
    expect(hospitals.find((h) => h.id === hospitalId)).toMatchObject({
      maintainerId: maintainer.userId,
      maintainerName: expect.any(String),
    });
    // A user of the platform tenant is not one of this tenant's.
    const stranger = await createAccount(t, { tenantId: '000000' });
    const refused = await call('POST', `${API}/hospital/submit`, admin.token, {
      hospitalCode: 'RP2',
      hospitalName: '别家医院',
      maintainerId: stranger.userId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`维修人员不是本租户的用户: ${stranger.userId}`);
    expect((await call('GET', `${API}/hospital/list?hospitalCode=RP2`, admin.token)).body.data.total).toBe(0);
    // An edit that leaves the maintainer out keeps it; null clears it.
    const edit = (more: Row) =>
      call('POST', `${API}/hospital/submit`, admin.token, {
        id: hospitalId,
        hospitalCode: 'RP1',
        hospitalName: '报修医院',
        ...more,
      });
    expect((await edit({})).body.data.maintainerId).toBe(maintainer.userId);
    expect((await edit({ maintainerId: null })).body.data.maintainerId).toBeNull();
    expect((await edit({ maintainerId: maintainer.userId })).body.data.maintainerId).toBe(maintainer.userId);
  });

  it('no process deployed in the tenant: 400, nothing started', async () => {
    const res = await repair({ machineId: machine.id, fault: '屏幕不亮', maintainerId: maintainer.userId });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('本租户尚未部署设备报修流程（machine_repair），请联系管理员部署后再报修');
    expect(await instances()).toEqual([]);

    // The tenant designs the form 报修单 (as the platform's seed has it) and the platform deploys
    // its seeded model 设备报修 to the tenant.
    const form = await call('POST', `${FORM}/submit`, admin.token, {
      formKey: REPAIR_FORM_KEY,
      name: '报修单',
      published: 1,
      definition: REPAIR_FORM_DEFINITION,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const models = await t.call({ method: 'GET', url: `${MODEL}/list?size=100` });
    const model = (models.body.data.records as Row[]).find((m) => m.modelKey === REPAIR_PROCESS_KEY);
    const deployed = await t.call({
      method: 'POST',
      url: `${MODEL}/deploy?modelId=${model!.id as string}&tenantIds=${TENANT}`,
    });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
  });

  it('报修 a slot at fault: the maintainer’s task; completing it clears the slot and the machine', async () => {
    await setSlot(2, SLOT_STATUS.FAULT);
    await setRunStatus(MACHINE_RUN_STATUS.FAULT);
    const dialog = await call('GET', `${API}/machine/repair-form?id=${machine.id}`, admin.token);
    expect(dialog.status, JSON.stringify(dialog.body)).toBe(200);
    expect(dialog.body.data).toEqual({
      machineId: machine.id,
      machineNo: machine.machineNo,
      machineName: '报修机',
      maintainerId: maintainer.userId,
      slots: [
        { slotNo: 1, status: SLOT_STATUS.EMPTY },
        { slotNo: 2, status: SLOT_STATUS.FAULT },
        { slotNo: 3, status: SLOT_STATUS.EMPTY },
      ],
    });

    const res = await repair({
      machineId: machine.id,
      slotNo: 2,
      fault: '2 号格口门锁打不开',
      maintainerId: maintainer.userId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('已报修，维修单已派给维修人员');
    const instanceId = res.body.data.processInstanceId as string;
    expect(await instances()).toEqual([
      expect.objectContaining({ id: instanceId, business_table: 'zx_machine', business_id: machine.id }),
    ]);
    expect(await machineRow()).toMatchObject({ underRepair: 1, runStatus: MACHINE_RUN_STATUS.FAULT });
    // The form's data: the machine by number, the slot, the fault (read-only on the repair task).
    const task = await repairTask(maintainer, instanceId);
    const view = await call(
      'GET',
      `/api/blade-flow/process/form-data?processInstanceId=${instanceId}&taskId=${task!.taskId as string}`,
      maintainer.token,
    );
    expect(view.body.data.data).toMatchObject({
      machine: machine.machineNo,
      slot: 2,
      fault: '2 号格口门锁打不开',
      maintainer: maintainer.userId,
    });
    expect(view.body.data.access).toMatchObject({ slot: 'readonly', fault: 'readonly', result: 'editable' });

    await completeRepair(instanceId, '更换门锁');
    expect(await slotStates()).toEqual({ 1: SLOT_STATUS.EMPTY, 2: SLOT_STATUS.EMPTY, 3: SLOT_STATUS.EMPTY });
    expect(await machineRow()).toMatchObject({ underRepair: 0, runStatus: MACHINE_RUN_STATUS.NORMAL });
  });

  it('a slot not at fault is left alone, and a machine with another slot at fault stays at fault', async () => {
    await setSlot(1, SLOT_STATUS.STOCKED);
    await setSlot(3, SLOT_STATUS.FAULT);
    await setRunStatus(MACHINE_RUN_STATUS.FAULT);
    const res = await repair({
      machineId: machine.id,
      slotNo: 1,
      fault: '误报',
      maintainerId: maintainer.userId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await completeRepair(res.body.data.processInstanceId as string, '未发现故障');
    expect(await slotStates()).toEqual({
      1: SLOT_STATUS.STOCKED,
      2: SLOT_STATUS.EMPTY,
      3: SLOT_STATUS.FAULT,
    });
    expect((await machineRow()).runStatus).toBe(MACHINE_RUN_STATUS.FAULT);
    // The machine itself (no slot), once slot 3 is dealt with: the machine runs normally again.
    await setSlot(3, SLOT_STATUS.EMPTY);
    const whole = await repair({ machineId: machine.id, fault: '整机死机', maintainerId: maintainer.userId });
    await completeRepair(whole.body.data.processInstanceId as string, '重启');
    expect((await machineRow()).runStatus).toBe(MACHINE_RUN_STATUS.NORMAL);
  });

  it('refuses bad input with a 400 and starts nothing', async () => {
    const before = (await instances()).length;
    const noFault = await repair({ machineId: machine.id, maintainerId: maintainer.userId });
    expect(noFault.status).toBe(400);
    expect(noFault.body.msg).toBe('请输入故障描述');
    const blank = await repair({ machineId: machine.id, fault: '   ', maintainerId: maintainer.userId });
    expect(blank.status).toBe(400);
    const noSlot = await repair({
      machineId: machine.id,
      slotNo: 9,
      fault: 'x',
      maintainerId: maintainer.userId,
    });
    expect([noSlot.status, noSlot.body.msg]).toEqual([400, `机器 ${machine.machineNo} 没有格口 9`]);
    const stranger = await createAccount(t, { tenantId: '000000' });
    const foreign = await repair({ machineId: machine.id, fault: 'x', maintainerId: stranger.userId });
    expect([foreign.status, foreign.body.msg]).toEqual([400, `维修人员不是本租户的用户: ${stranger.userId}`]);
    // A photo that is no attachment of the tenant: the form's own check.
    const photo = await repair({
      machineId: machine.id,
      fault: 'x',
      maintainerId: maintainer.userId,
      photos: ['123'],
    });
    expect(photo.status).toBe(400);
    expect(photo.body.msg).toContain('photos');
    expect((await instances()).length).toBe(before);
  });

  it('asks for the button, keeps tenants apart, and is not offered by 发起事务', async () => {
    const viewer = await createOperator(t, ['business', 'machine', 'machine_view'], { tenantId: TENANT });
    const payload = { machineId: machine.id, fault: 'x', maintainerId: maintainer.userId };
    expect((await repair(payload, viewer.token)).status).toBe(403);
    expect((await call('GET', `${API}/machine/repair-form?id=${machine.id}`, viewer.token)).status).toBe(403);

    // Another tenant's machine: 404, as a missing one.
    const otherHospital = await call('POST', `${API}/hospital/submit`, undefined, {
      hospitalCode: `RPX-${kind}`,
      hospitalName: '平台医院',
    });
    const other = await call('POST', `${API}/machine/submit`, undefined, {
      machineNo: `RPX-${kind}-1`,
      machineName: '别家机器',
      hospitalId: otherHospital.body.data.id,
      slotCount: 1,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const otherId = other.body.data.id as string;
    expect((await repair({ ...payload, machineId: otherId })).status).toBe(404);
    expect((await call('GET', `${API}/machine/repair-form?id=${otherId}`, admin.token)).status).toBe(404);

    // 发起事务 does not list it, and a start sent there is refused: the machine page starts it.
    const offered = (await call('GET', `${WORK}/start-list?size=100`, admin.token)).body.data
      .records as Row[];
    expect(offered.map((d) => d.key)).not.toContain(REPAIR_PROCESS_KEY);
    const definition = await t.store.db
      .selectFrom('blade_flow_definition')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('process_key', '=', REPAIR_PROCESS_KEY)
      .executeTakeFirstOrThrow();
    const generic = await call('POST', `${WORK}/start-process`, admin.token, {
      processDefinitionId: String(definition.id),
      variables: { machine: machine.machineNo, fault: 'x', maintainer: maintainer.userId },
    });
    expect(generic.status).toBe(400);
    expect(generic.body.msg).toContain('/api/zxgxg-api/machine/repair');
  });
});
