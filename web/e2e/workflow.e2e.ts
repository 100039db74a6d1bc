import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRole, createStaff, openMenu } from './support/console-api.js';
import { type Credentials } from './support/sign-in.js';
import { confirmOk } from './support/dialog.js';
import { consoleSuite } from './support/suite.js';
import { toast, row } from './support/work.js';

// The workflow console end to end (issue 17), on one server: the seeded leave process run through
// its three routes (the applicant's form, the approver's handling, the detail with its coloured
// diagram), then a two-task process drawn in the designer, deployed, started, its first task claimed
// and completed by a candidate and its second by its assignee, and its diagram coloured in 流程跟踪.
const suite = consoleSuite();

const WIDE = { width: 1440, height: 900 };
const APPROVER: Credentials = { username: 'e2e_approver', password: 'Appr-2024-pass' };
const CLERK: Credentials = { username: 'e2e_clerk', password: 'Clerk-2024-pass' };
const MODEL = { name: 'E2E 两步流程', key: 'e2e_two_steps' };

/** What one test leaves for the next: the staff accounts' ids. */
const made = { approverId: '', clerkId: '' };

/** Waits for an antd message (toast); failing, says which messages showed instead. */
const diagramOf = (scope: Locator | Page) => scope.getByRole('img', { name: /^流程图/ });
/** The marker class bpmn-js put on a drawn element (flow-done, flow-active, flow-taken). */
const markerOf = async (diagram: Locator, elementId: string) =>
  ((await diagram.locator(`[data-element-id="${elementId}"]`).first().getAttribute('class')) ?? '')
    .split(/\s+/)
    .filter((name) => name.startsWith('flow-'));

/** A staff member's own session, signed in through the form. */
/** Picks a moment in an antd date picker by typing it, as a keyboard user does. */
async function typeMoment(page: Page, label: string, moment: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(moment);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(moment);
}

describe('the workflow console against the real server', () => {
  it('runs the seeded leave process through its form, the approver’s handling and its detail', async () => {
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, 'E2E 员工', 'e2e_staff', ['我的事务']);
    made.approverId = await createStaff(admin, APPROVER, '审批员', roleId);
    made.clerkId = await createStaff(admin, CLERK, '办事员', roleId);

    // The approver is signed in, the bell's popover open on 消息, before the leave is asked for.
    const approver = await suite.signInAs(APPROVER, WIDE);
    await approver.getByRole('button', { name: '通知', exact: true }).click();
    await approver.getByRole('tab', { name: '消息', exact: true }).click();

    // The applicant (the administrator) starts a leave from 发起事务: the leave form's route.
    const start = await openMenu(admin, '我的事务', '发起事务', '/work/start/index');
    await row(start, /请假流程/)
      .getByRole('button', { name: '发起' })
      .click();
    await admin.waitForURL((url) => url.pathname.startsWith('/work/process/leave/form/'));
    await typeMoment(admin, '开始时间', '2026-12-01 09:00:00');
    await typeMoment(admin, '结束时间', '2026-12-02 18:00:00');
    await expect.poll(() => admin.getByLabel('请假天数', { exact: true }).inputValue()).toBe('2');
    await admin.getByLabel('请假理由', { exact: true }).fill('家中有事');
    await admin.getByLabel('审批人', { exact: true }).click();
    await admin.getByLabel('审批人', { exact: true }).fill('审批员');
    await admin.locator('.ant-select-item-option').filter({ hasText: '审批员' }).click();
    await admin.getByRole('button', { name: '提交申请' }).click();
    await toast(admin, '请假申请已提交');
    // Pushed to the approver's page, no reload and no polling (issue 47): within 2 s of the answer.
    const pushed = Date.now();
    await approver
      .getByRole('list', { name: '最新消息' })
      .getByRole('button', { name: /待办：请假流程 · 审批人审批/ })
      .waitFor({ timeout: 2_000 });
    await approver
      .getByRole('button', { name: '通知，1 条未读' })
      .waitFor({ timeout: Math.max(1, 2_000 - (Date.now() - pushed)) });
    await approver.keyboard.press('Escape');
    const sent = admin.getByRole('region', { name: '已发事务', exact: true });
    await row(sent, /请假流程/).waitFor();

    // The approver handles it from 待办事务: the handle route, with the diagram where it waits.
    const todo = await openMenu(approver, '我的事务', '待办事务', '/work/todo/index');
    await row(todo, /审批人审批/)
      .getByRole('button', { name: '处理' })
      .click();
    await approver.waitForURL((url) => url.pathname.startsWith('/work/process/leave/handle/'));
    await approver.getByText('家中有事').waitFor();
    const waiting = diagramOf(approver);
    await waiting.waitFor();
    expect(await markerOf(waiting, 'approverAudit')).toEqual(['flow-active']);
    expect(await markerOf(waiting, 'start')).toEqual(['flow-done']);
    await approver.getByLabel('审批意见', { exact: true }).fill('同意，注意安全');
    await approver.getByRole('button', { name: '同意' }).click();
    await toast(approver, '已同意');
    await approver.waitForURL((url) => url.pathname === '/work/todo/index');

    // The applicant reads it from 已发事务: the detail route, approved, the whole path coloured.
    await admin.reload();
    await row(sent, /请假流程/)
      .getByRole('button', { name: '详情' })
      .click();
    await admin.waitForURL((url) => url.pathname.startsWith('/work/process/leave/detail/'));
    await admin.getByText('已通过').first().waitFor();
    await admin.getByText('同意，注意安全').waitFor();
    const finished = diagramOf(admin);
    await expect.poll(() => finished.getAttribute('aria-label')).toMatch(/已完成 .*审批人审批.*审批通过/);
    expect(await markerOf(finished, 'approvedEnd')).toEqual(['flow-done']);
    expect(await markerOf(finished, 'flowApproverApproved')).toEqual(['flow-taken']);
    expect(await markerOf(finished, 'managerAudit')).toEqual([]);
  });

  it('draws a two-task process, deploys and starts it; a candidate claims the first task, the assignee does the second', async () => {
    const admin = await suite.signedInPage(WIDE);
    const models = await openMenu(admin, '流程管理', '模型管理', '/flow/model/index');
    await models.getByRole('button', { name: '新增', exact: true }).click();
    // Titled 新建模型, then 设计模型: <name> once saved.
    const designer = admin.getByRole('region', { name: /^(新建模型|设计模型)/ });
    await designer.getByLabel('模型名称', { exact: true }).fill(MODEL.name);
    await designer.getByLabel('模型标识', { exact: true }).fill(MODEL.key);

    // Draw: start → 初审 (a user task for a candidate) → 复审 (for an assignee) → end.
    const canvas = designer.getByRole('group', { name: '流程设计器' });
    await canvas.locator('[data-element-id="StartEvent_1"]').click();
    const appendTask = async (name: string, property: string, value: string) => {
      // The designer's 添加任务 appends a user task (the only kind of task the engine runs).
      await admin.locator('.djs-context-pad [data-action="append.append-task"]').click();
      const panel = designer.getByRole('complementary', { name: /^属性/ });
      await panel.getByLabel('名称', { exact: true }).fill(name);
      await panel.getByLabel(property, { exact: true }).fill(value);
      await panel.getByLabel(property, { exact: true }).press('Tab');
    };
    await appendTask('初审', '候选用户', made.clerkId);
    await appendTask('复审', '处理人', made.approverId);
    await admin.locator('.djs-context-pad [data-action="append.end-event"]').click();
    await designer.getByRole('button', { name: '保存' }).click();
    await toast(admin, '保存成功');
    await designer.getByRole('button', { name: '返回' }).click();

    await row(models, new RegExp(MODEL.key)).getByRole('button', { name: '部署' }).click();
    const deploy = admin.getByRole('dialog', { name: '部署模型' });
    await deploy.getByRole('button', { name: '部署' }).click();
    await toast(admin, `${MODEL.key} v1`);

    // The administrator starts it from 发起事务 (no business form: a confirmation).
    const start = await openMenu(admin, '我的事务', '发起事务', '/work/start/index');
    await row(start, new RegExp(MODEL.name)).getByRole('button', { name: '发起' }).click();
    await confirmOk(admin);
    await toast(admin, '流程已发起');

    // The candidate claims 初审 and completes it; the assignee completes 复审.
    const clerk = await suite.signInAs(CLERK, WIDE);
    const claim = await openMenu(clerk, '我的事务', '待签事务', '/work/claim/index');
    await row(claim, /初审/).getByRole('button', { name: '签收' }).click();
    await confirmOk(clerk);
    await toast(clerk, '签收成功');
    const clerkTodo = await openMenu(clerk, '我的事务', '待办事务', '/work/todo/index');
    await row(clerkTodo, /初审/).getByRole('button', { name: '处理' }).click();
    const handle = clerk.getByRole('dialog', { name: '处理事务' });
    await handle.getByLabel('审批意见', { exact: true }).fill('初审通过');
    await handle.getByRole('button', { name: '同意' }).click();
    await toast(clerk, '已同意');

    const approver = await suite.signInAs(APPROVER, WIDE);
    const todo = await openMenu(approver, '我的事务', '待办事务', '/work/todo/index');
    await row(todo, /复审/).getByRole('button', { name: '处理' }).click();
    const second = approver.getByRole('dialog', { name: '处理事务' });
    await second.getByRole('button', { name: '同意' }).click();
    await toast(approver, '已同意');

    // 流程跟踪: the instance finished, its diagram coloured along the whole path.
    const follow = await openMenu(admin, '流程管理', '流程跟踪', '/flow/follow/index');
    await row(follow, new RegExp(MODEL.name)).getByRole('button', { name: '流程图' }).click();
    const viewer = admin.getByRole('dialog', { name: '流程图展示' });
    const diagram = diagramOf(viewer);
    await expect.poll(() => diagram.getAttribute('aria-label')).toMatch(/已完成 .*初审、复审/);
    await viewer.getByText('初审通过').waitFor();
  });
});
