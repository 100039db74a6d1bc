import { describe, expect, it } from 'vitest';
import { api, chooseInMore, createRole, createStaff, openMenu } from './support/console-api.js';
import { buttonName, type Credentials } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';
import { toast, row, choose, handle, twoStepModel } from './support/work.js';

// Issue 51, end to end on one server: a published form (made by API) is bound in the model
// designer's properties panel to the start event and both tasks of a two-task model (made by API
// without one), field by field; the model is deployed and started from 发起事务 with the form filled
// and a copy to the checker. The checker returns 复核 to 初审, the approver corrects 初审意见 (editable
// again) and resubmits, the checker approves copying the approver, who finds the request in 抄送我的
// with the form's data.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const APPROVER: Credentials = { username: 'e2e_form_approver', password: 'Appr-2024-pass' };
const CHECKER: Credentials = { username: 'e2e_form_checker', password: 'Check-2024-pass' };
const PROCESS = 'E2E 表单审批';

const form = {
  formKey: 'e2e_claim',
  name: 'E2E 报销单',
  published: 1,
  definition: {
    layout: 1,
    fields: [
      { key: 'amount', type: 'money', label: { zh: '金额' }, required: true, min: 0 },
      { key: 'reason', type: 'text', label: { zh: '事由' }, required: true },
      { key: 'note', type: 'textarea', label: { zh: '初审意见' } },
    ],
  },
};

describe('a designed form bound in the model designer, approved end to end', () => {
  it('binds the form to the start and both tasks, starts it, returns, resubmits, approves and copies it', async () => {
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, 'E2E 表单办理人', 'e2e_form_actions', ['我的事务']);
    const approverId = await createStaff(admin, APPROVER, '初审员甲', roleId);
    const checkerId = await createStaff(admin, CHECKER, '复核员乙', roleId);
    await api(admin, '/api/blade-flow/form/submit', form);
    await api(admin, '/api/blade-flow/model/submit', {
      modelKey: 'e2e_form_approval',
      name: PROCESS,
      xml: twoStepModel({
        key: 'e2e_form_approval',
        name: PROCESS,
        second: '复核',
        approver: approverId,
        checker: checkerId,
      }),
    });

    // 模型设计: the form on the start event (初审意见 read-only there) and on both tasks (read-only,
    // but 初审 writes 初审意见). The detail and the copy show the data as the start event does.
    const models = await openMenu(admin, '流程管理', '模型管理', '/flow/model/index');
    await chooseInMore(admin, row(models, /e2e_form_approval/), '设计');
    const designer = admin.getByRole('region', { name: `设计模型: ${PROCESS}` });
    const canvas = designer.getByRole('group', { name: '流程设计器' });
    const panel = designer.getByRole('complementary', { name: /^属性/ });
    const access = (field: string) => panel.getByRole('radiogroup', { name: `${field} 字段权限` });
    const bind = async (element: string, fieldAccess: Record<string, '可编辑' | '只读' | '隐藏'>) => {
      await canvas.locator(`[data-element-id="${element}"]`).first().click();
      await choose(admin, panel, '表单', 'E2E 报销单');
      for (const [field, wanted] of Object.entries(fieldAccess)) {
        await access(field).getByText(wanted, { exact: true }).click();
        await expect.poll(() => access(field).getByRole('radio', { name: wanted }).isChecked()).toBe(true);
      }
    };
    await bind('begin', { 金额: '可编辑', 事由: '可编辑', 初审意见: '只读' });
    await bind('first', { 金额: '只读', 事由: '只读', 初审意见: '可编辑' });
    await bind('second', { 金额: '只读', 事由: '只读', 初审意见: '只读' });
    await designer.getByRole('button', { name: '保存' }).click();
    await toast(admin, '保存成功');
    await designer.getByRole('button', { name: '返回' }).click();
    await chooseInMore(admin, row(models, /e2e_form_approval/), '部署');
    const deploy = admin.getByRole('dialog', { name: '部署模型' });
    await deploy.getByRole('button', { name: '部署' }).click();
    await toast(admin, 'e2e_form_approval v1');

    // 发起事务: the form (初审意见, read-only there, not shown), copied to the checker; 金额 and 事由
    // are required, and a filled amount (a number, not text) passes.
    const start = await openMenu(admin, '我的事务', '发起事务', '/work/start/index');
    await row(start, new RegExp(PROCESS)).getByRole('button', { name: '发起' }).click();
    const starting = admin.getByRole('dialog', { name: `发起：${PROCESS}` });
    await starting.getByRole('button', { name: buttonName('提交') }).click();
    await starting.getByText('请填写事由').waitFor();
    await starting.getByText('请填写金额').waitFor();
    expect(await starting.getByLabel('初审意见', { exact: true }).count()).toBe(0);
    await starting.getByLabel('金额', { exact: true }).fill('1280.5');
    await starting.getByLabel('事由', { exact: true }).fill('学术会议差旅');
    await choose(admin, starting, '抄送', '复核员乙');
    await starting.getByLabel('事由', { exact: true }).click();
    await starting.getByRole('button', { name: buttonName('提交') }).click();
    await toast(admin, '流程已发起');

    // 初审: the data read-only, 初审意见 to write.
    const approver = await suite.signInAs(APPROVER, WIDE);
    const first = await handle(approver, '初审');
    await expect.poll(() => first.getByLabel('事由', { exact: true }).inputValue()).toBe('学术会议差旅');
    expect(await first.getByLabel('金额', { exact: true }).isDisabled()).toBe(true);
    await first.getByLabel('初审意见', { exact: true }).fill('票据齐全');
    await first.getByRole('button', { name: '同意' }).click();
    await toast(approver, '已同意');

    // 复核 returns it to 初审 with the reason; 初审 resubmits; 复核 approves, copying the approver.
    const checker = await suite.signInAs(CHECKER, WIDE);
    const second = await handle(checker, '复核');
    await expect.poll(() => second.getByLabel('初审意见', { exact: true }).inputValue()).toBe('票据齐全');
    await second.locator('.ant-segmented-item').filter({ hasText: '退回' }).click();
    await choose(checker, second, '退回到', '初审');
    await second.getByLabel('退回原因', { exact: true }).fill('请补充会议通知');
    await second.getByRole('button', { name: buttonName('退回') }).click();
    await toast(checker, '已退回');

    const back = await handle(approver, '初审');
    await back.getByText('复核员乙 退回：请补充会议通知').waitFor();
    // Returned, 初审's own field is editable again (the rest read-only): it is corrected and resubmitted.
    await expect.poll(() => back.getByLabel('事由', { exact: true }).inputValue()).toBe('学术会议差旅');
    expect(await back.getByLabel('事由', { exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => back.getByLabel('初审意见', { exact: true }).isDisabled()).toBe(false);
    await back.getByLabel('初审意见', { exact: true }).fill('票据齐全，会议通知已补');
    await back.getByLabel('审批意见', { exact: true }).fill('会议通知已补');
    await back.getByRole('button', { name: '重新提交' }).click();
    await toast(approver, '已重新提交');

    const again = await handle(checker, '复核');
    await choose(checker, again, '抄送', '初审员甲');
    await again.getByLabel('审批意见', { exact: true }).click();
    await again.getByRole('button', { name: '同意' }).click();
    await toast(checker, '已同意');

    // 抄送我的: the checker's copy from the start is there; the approver's shows the form's data.
    const checkerCopies = await openMenu(checker, '我的事务', '抄送我的', '/work/copy/index');
    await row(checkerCopies, new RegExp(PROCESS)).getByText('管理员').first().waitFor();
    const copies = await openMenu(approver, '我的事务', '抄送我的', '/work/copy/index');
    await row(copies, new RegExp(PROCESS)).getByRole('button', { name: '查看' }).click();
    const viewer = approver.getByRole('dialog', { name: '流程图展示' });
    await expect.poll(() => viewer.getByLabel('事由', { exact: true }).inputValue()).toBe('学术会议差旅');
    expect(await viewer.getByLabel('金额', { exact: true }).inputValue()).toBe('1280.50');
    expect(await viewer.getByLabel('初审意见', { exact: true }).inputValue()).toBe('票据齐全，会议通知已补');
    await viewer.getByText('请补充会议通知').waitFor();
  });
});
