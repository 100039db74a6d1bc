import { describe, expect, it } from 'vitest';
import { api, chooseInMore, createRole, createStaff, openMenu } from './support/console-api.js';
import { confirmOk } from './support/dialog.js';
import { buttonName, signIn, type Credentials } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';
import { toast, row } from './support/work.js';

// Issue 51, part D, end to end on one server: the seeded machine repair process (a designed form
// bound to its start event and its task, no code of its own) is started from the machine page's 报修
// with the slot at fault and the hospital's maintainer chosen already (decision 0048), the maintainer
// records the result in the handling dialog (the rest read-only), which clears the slot's fault, and
// the reporter sees the data in the process's detail.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const BIZ = '/api/zxgxg-api';
const MACHINE_NO = 'ZX-0042';
const MAINTAINER: Credentials = { username: 'e2e_repair_fixer', password: 'Fixer-2024-pass' };

describe('a process with a designed form in the console against the real server', () => {
  it('reports a machine’s fault from its page, records the result, clears the fault, and shows the data', async () => {
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, 'E2E 维修员', 'e2e_repair', ['我的事务']);
    const maintainerId = await createStaff(admin, MAINTAINER, '维修员丙', roleId);
    // A hospital whose maintainer is 维修员丙, and a machine there with its slot 2 at fault.
    const hospital = await api<{ id: string }>(admin, `${BIZ}/hospital/submit`, {
      hospitalCode: 'RP-E2E-H1',
      hospitalName: '报修测试医院',
      maintainerId,
    });
    const machine = await api<{ id: string }>(admin, `${BIZ}/machine/submit`, {
      machineNo: MACHINE_NO,
      machineName: '自助机',
      hospitalId: hospital.id,
      slotCount: 4,
    });
    const slots = await api<{ records: Array<{ id: string; slotNo: number; status: number }> }>(
      admin,
      `${BIZ}/slot/list?machineId=${machine.id}&size=10`,
    );
    const slot2 = slots.records.find((slot) => slot.slotNo === 2)!;
    await api(admin, `${BIZ}/slot/status`, { slotIds: [slot2.id], status: 3 });

    // 机器管理 → 报修: the machine shown, slot 2 (at fault) and the maintainer chosen already.
    const machines = await openMenu(admin, '业务管理', '机器管理', '/business/machine/index');
    await chooseInMore(admin, row(machines, new RegExp(MACHINE_NO)), '报修');
    const dialog = admin.getByRole('dialog', { name: `报修：${MACHINE_NO}` });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByLabel('机器', { exact: true }).inputValue())
      .toBe(`${MACHINE_NO} 自助机`);
    await dialog.getByText('2号格口（故障）').waitFor();
    await dialog.getByText('维修员丙').waitFor();
    // The fault is required.
    await dialog.getByRole('button', { name: buttonName('提交报修') }).click();
    await dialog.getByText('请输入故障描述').waitFor();
    await dialog.getByLabel('故障描述', { exact: true }).fill('屏幕不亮');
    await dialog.getByRole('button', { name: buttonName('提交报修') }).click();
    await confirmOk(admin);
    await toast(admin, '已报修，维修单已派给维修人员');
    await row(machines, new RegExp(MACHINE_NO)).getByText('维修中').waitFor();

    // The maintainer: the reported data read-only, the result to fill in.
    const { baseUrl, captchas } = suite.running();
    const fixer = await suite.newPage(WIDE);
    await signIn(fixer, baseUrl, captchas, MAINTAINER);
    const todo = await openMenu(fixer, '我的事务', '待办事务', '/work/todo/index');
    await row(todo, /维修/).getByRole('button', { name: '处理' }).click();
    const handling = fixer.getByRole('dialog', { name: '处理事务' });
    await handling.waitFor();
    const machineField = handling.getByLabel('机器', { exact: true });
    await expect.poll(() => machineField.inputValue()).toBe(MACHINE_NO);
    expect(await machineField.isDisabled()).toBe(true);
    expect(await handling.getByLabel('格口', { exact: true }).inputValue()).toBe('2');
    // 同意 needs the result (required where it is editable).
    await handling.getByRole('button', { name: '同意' }).click();
    await handling.getByText('请填写维修结果').waitFor();
    await handling.getByLabel('维修结果', { exact: true }).fill('更换电源板');
    await handling.getByRole('button', { name: '同意' }).click();
    await toast(fixer, '已同意');
    // The process ended: slot 2 is no longer at fault.
    const after = await api<{ records: Array<{ slotNo: number; status: number }> }>(
      admin,
      `${BIZ}/slot/list?machineId=${machine.id}&size=10`,
    );
    expect(after.records.find((slot) => slot.slotNo === 2)!.status).toBe(0);

    // The reporter's 已发事务 → 详情: the data with the result, read-only.
    const sent = await openMenu(admin, '我的事务', '已发事务', '/work/send/index');
    await row(sent, /设备报修/)
      .getByRole('button', { name: '详情' })
      .click();
    const viewer = admin.getByRole('dialog', { name: '流程图展示' });
    const result = viewer.getByLabel('维修结果', { exact: true });
    await expect.poll(() => result.inputValue()).toBe('更换电源板');
    expect(await result.isDisabled()).toBe(true);
    await expect.poll(() => viewer.getByLabel('故障描述', { exact: true }).inputValue()).toBe('屏幕不亮');
    await viewer
      .getByRole('button', { name: /关闭|Close/ })
      .first()
      .click();

    // 已发事务 searched by the form's searchable 机器 field.
    const search = sent.getByRole('form', { name: '搜索条件' });
    const fieldKey = search.getByLabel('表单字段标识', { exact: true });
    if (!(await fieldKey.isVisible())) await search.getByRole('button', { name: /展开/ }).click();
    await fieldKey.fill('machine');
    await search.getByLabel('表单字段内容', { exact: true }).fill('无此机器');
    await search.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(() => row(sent, /设备报修/).count()).toBe(0);
    await search.getByLabel('表单字段内容', { exact: true }).fill('zx-0042');
    await search.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(() => row(sent, /设备报修/).count()).toBe(1);
  });
});
