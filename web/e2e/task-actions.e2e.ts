import { describe, expect, it } from 'vitest';
import { api, createRole, createStaff, openMenu } from './support/console-api.js';
import { confirmOk } from './support/dialog.js';
import { buttonName, type Credentials } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';
import { toast, row, choose, handle, twoStepModel } from './support/work.js';

// Issue 51, part A, end to end on one server: a two-step process; the checker returns the second
// step to the approver with a reason, the approver sees it in 待办事务 and resubmits it, it comes
// straight back to the checker, who approves it copying the approver, who then finds it in 抄送我的
// (unread, then read once viewed). Then a countersign (会签) of the two: the approver removes the
// checker (减签, confirmed) and agrees alone, and the node ends.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const APPROVER: Credentials = { username: 'e2e_act_approver', password: 'Appr-2024-pass' };
const CHECKER: Credentials = { username: 'e2e_act_checker', password: 'Check-2024-pass' };

const countersign = (approver: string, checker: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="e2e_countersign" name="E2E 会签流程" isExecutable="true">
    <startEvent id="begin" />
    <sequenceFlow id="toSign" sourceRef="begin" targetRef="sign" />
    <userTask id="sign" name="会签" flowable:candidateUsers="${approver},${checker}">
      <multiInstanceLoopCharacteristics isSequential="false" />
    </userTask>
    <sequenceFlow id="toEnd" sourceRef="sign" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

describe('task actions in the console against the real server', () => {
  it('returns a task, resubmits it, approves it with a copy that shows in 抄送我的', async () => {
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, 'E2E 办理人', 'e2e_actions', ['我的事务']);
    const approverId = await createStaff(admin, APPROVER, '审批员甲', roleId);
    const checkerId = await createStaff(admin, CHECKER, '复核员乙', roleId);
    const model = await api<{ id: string }>(admin, '/api/blade-flow/model/submit', {
      modelKey: 'e2e_actions',
      name: 'E2E 退回流程',
      xml: twoStepModel({
        key: 'e2e_actions',
        name: 'E2E 退回流程',
        second: '复审',
        approver: approverId,
        checker: checkerId,
      }),
    });
    const [definition] = await api<Array<{ id: string }>>(
      admin,
      `/api/blade-flow/model/deploy?modelId=${model.id}`,
      {},
    );
    await api(admin, '/api/blade-flow/work/start-process', { processDefinitionId: definition!.id });

    // The approver passes 初审.
    const approver = await suite.signInAs(APPROVER, WIDE);
    const first = await handle(approver, '初审');
    await first.getByRole('button', { name: '同意' }).click();
    await toast(approver, '已同意');

    // The checker returns 复审 to 初审, with the reason.
    const checker = await suite.signInAs(CHECKER, WIDE);
    const second = await handle(checker, '复审');
    await second.locator('.ant-segmented-item').filter({ hasText: '退回' }).click();
    await choose(checker, second, '退回到', '初审');
    await second.getByLabel('退回原因', { exact: true }).fill('附件缺少发票');
    await second.getByRole('button', { name: buttonName('退回') }).click();
    await toast(checker, '已退回');
    const checkerTodo = checker.getByRole('region', { name: '待办事务', exact: true });
    await expect.poll(() => row(checkerTodo, /复审/).count()).toBe(0);

    // The approver sees it back with the reason, and resubmits it.
    const back = await handle(approver, '初审');
    await back.getByText('复核员乙 退回：附件缺少发票').waitFor();
    await back.getByLabel('审批意见', { exact: true }).fill('已补发票');
    await back.getByRole('button', { name: '重新提交' }).click();
    await toast(approver, '已重新提交');

    // Straight back to the checker, who approves it copying the approver.
    const again = await handle(checker, '复审');
    await choose(checker, again, '抄送', '审批员甲');
    // A multiple select stays open: focus the comment to close it.
    await again.getByLabel('审批意见', { exact: true }).click();
    await again.getByRole('button', { name: '同意' }).click();
    await toast(checker, '已同意');

    // 抄送我的: unread, then read once viewed.
    const copies = await openMenu(approver, '我的事务', '抄送我的', '/work/copy/index');
    const copy = row(copies, /E2E 退回流程/);
    await copy.getByText('未读').waitFor();
    await copy.getByRole('button', { name: '查看' }).click();
    const viewer = approver.getByRole('dialog', { name: '流程图展示' });
    await viewer.getByText('附件缺少发票').waitFor();
    await viewer
      .getByRole('button', { name: /关闭|Close/ })
      .first()
      .click();
    await copy.getByText('已读').waitFor();

    // 会签: both sign; on a countersign task 加签 and 减签 replace 转办 and 委派.
    const signModel = await api<{ id: string }>(admin, '/api/blade-flow/model/submit', {
      modelKey: 'e2e_countersign',
      name: 'E2E 会签流程',
      xml: countersign(approverId, checkerId),
    });
    const [signDefinition] = await api<Array<{ id: string }>>(
      admin,
      `/api/blade-flow/model/deploy?modelId=${signModel.id}`,
      {},
    );
    await api(admin, '/api/blade-flow/work/start-process', { processDefinitionId: signDefinition!.id });
    const sign = await handle(approver, '会签');
    const modes = sign.locator('.ant-segmented-item');
    await modes.filter({ hasText: '加签' }).waitFor();
    expect(await modes.filter({ hasText: '转办' }).count()).toBe(0);
    await modes.filter({ hasText: '减签' }).click();
    await sign.getByText('复核员乙 · 待表决').waitFor();
    await choose(approver, sign, '减签人', '复核员乙');
    await sign.getByLabel('说明', { exact: true }).click();
    await sign.getByRole('button', { name: buttonName('减签') }).click();
    await confirmOk(approver);
    await toast(approver, '已减签');
    const alone = await handle(approver, '会签');
    await alone.getByRole('button', { name: '同意' }).click();
    await toast(approver, '已同意');
    const checkerList = await openMenu(checker, '我的事务', '待办事务', '/work/todo/index');
    await checker.reload();
    await checkerList.waitFor();
    expect(await row(checker.getByRole('region', { name: '待办事务', exact: true }), /会签/).count()).toBe(0);
  });
});
