import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoPeople, type DemoPerson } from '../../src/modules/business/demo-people.js';
import { firstUserOf } from '../../src/modules/business/demo.repository.js';
import { oneEngineFor } from './support/databases.js';
import { md5, startTestApp, type TestApp } from './support/test-app.js';

// `npm run demo` on a fresh install (issue 45, item 12): the leave process needs an approver other
// than the applicant and a manager for more than three days. The demo adds both, with generated
// passwords that meet the tenant's policy and must be changed at the first sign-in; a leave the
// admin starts is then approved by them through the API.

const LEAVE = '/api/blade-desk/process/leave';
const WORK = '/api/blade-flow/work';

describe.each(oneEngineFor(import.meta.url))('the demo people and the leave process on %s', (kind) => {
  let t: TestApp;
  let people: DemoPerson[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const actor = await firstUserOf(t.store, '000000');
    people = await addDemoPeople(t.store, { ...actor, deptId: actor.deptId! });
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Signs in with the printed password, changes it as required, and answers the session's token. */
  const signInFirstTime = async (person: DemoPerson) => {
    const first = await t.signIn(person.account, person.password);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.password_change_required).toBe(true);
    const token = first.body.access_token as string;
    const changed = await t.call(
      {
        method: 'POST',
        url: '/api/blade-user/update-password',
        query: {
          oldPassword: md5(person.password),
          newPassword: md5(`${person.password}!x`),
          newPassword1: md5(`${person.password}!x`),
        },
      },
      token,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    return token;
  };

  it('adds an approver and a manager once, with passwords that meet the default policy', async () => {
    expect(people.map((p) => [p.account, p.roleAlias])).toEqual([
      ['demo_approver', 'staff'],
      ['demo_manager', 'manager'],
    ]);
    for (const { password } of people) {
      // The default policy: 8 characters, 2 of the 4 classes; these have at least 14 and 3.
      expect(password.length).toBeGreaterThanOrEqual(14);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
    }
    expect(people[0]!.password).not.toBe(people[1]!.password);
    // A second run adds nobody and changes no password.
    const actor = await firstUserOf(t.store, '000000');
    expect(await addDemoPeople(t.store, { ...actor, deptId: actor.deptId! })).toEqual([]);
    expect((await t.signIn('demo_approver', people[0]!.password)).status).toBe(200);
  });

  it("lets the admin's 5-day leave be approved by the demo approver, then the demo manager", async () => {
    const approverToken = await signInFirstTime(people[0]!);
    const managerToken = await signInFirstTime(people[1]!);
    const get = (url: string, token = t.adminToken) => t.call({ method: 'GET', url }, token);

    // The admin's approver picker offers the demo approver (and the manager).
    const offered = (await get('/api/blade-user/user-list')).body.data as Array<{
      id: string;
      account: string;
    }>;
    const approver = offered.find((user) => user.account === 'demo_approver');
    expect(approver).toBeDefined();
    expect(offered.some((user) => user.account === 'demo_manager')).toBe(true);

    const definitions = (await get(`${WORK}/start-list`)).body.data.records as Array<{
      id: string;
      key: string;
    }>;
    const started = await t.call({
      method: 'POST',
      url: `${LEAVE}/start-process`,
      payload: {
        processDefinitionId: definitions.find((d) => d.key === 'Leave')!.id,
        leaveType: 3,
        startTime: '2026-12-07 09:00:00',
        endTime: '2026-12-11 18:00:00',
        days: 5,
        reason: '年假',
        taskUser: approver!.id,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const leaveId = started.body.data.id as string;

    const [task] = (await get(`${WORK}/todo-list`, approverToken)).body.data.records as Array<
      Record<string, string>
    >;
    expect(task).toMatchObject({ taskName: '审批人审批', businessId: leaveId });
    const approved = await t.call(
      {
        method: 'POST',
        url: `${WORK}/complete-task`,
        payload: {
          taskId: task!.taskId,
          processInstanceId: task!.processInstanceId,
          flag: 'ok',
          comment: '同意',
        },
      },
      approverToken,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const [claimable] = (await get(`${WORK}/claim-list`, managerToken)).body.data.records as Array<
      Record<string, string>
    >;
    expect(claimable).toMatchObject({ taskName: '上级审批', businessId: leaveId });
    expect(
      (await t.call({ method: 'POST', url: `${WORK}/claim-task?taskId=${claimable!.taskId}` }, managerToken))
        .status,
    ).toBe(200);
    const decided = await t.call(
      {
        method: 'POST',
        url: `${WORK}/complete-task`,
        payload: {
          taskId: claimable!.taskId,
          processInstanceId: claimable!.processInstanceId,
          flag: 'ok',
          comment: '同意',
        },
      },
      managerToken,
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const detail = (await get(`${LEAVE}/detail?businessId=${leaveId}`)).body.data;
    expect(detail.leaveState).toBe(2);
    expect(detail.flow.at(-1)).toMatchObject({ historyActivityId: 'approvedEnd' });
  });
});
