import { describe, expect, it } from 'vitest';
import { api, chooseInMore, openMenu } from './support/console-api.js';
import { confirmOk } from './support/dialog.js';
import { buttonName } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';

// 远程指令 on the machines page (issue 50): the administrator sends 重启 to an online machine after
// confirming, and watches the command in the dialog's list as the machine (this test, over the device
// API) takes it in its heartbeat's answer and reports it done: 已创建, 已下发, 成功, without a reload.
// The browser tests' server has no MQTT broker, so the heartbeat is the machine's only channel.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const BIZ = '/api/zxgxg-api';
const MACHINE_NO = 'CMD-E2E-01';

/** The machine's call to the device API with its own number and secret, answering `data`. */
async function asMachine<T>(secret: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${suite.running().baseUrl}${BIZ}/device/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Machine-No': MACHINE_NO, 'Machine-Secret': secret },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

describe('machine commands', () => {
  it('sends 重启 after confirming and shows it sent, then succeeded, live', async () => {
    const page = await suite.signedInPage(WIDE);
    const hospital = await api<{ id: string }>(page, `${BIZ}/hospital/submit`, {
      hospitalCode: 'CMD-H1',
      hospitalName: '指令测试医院',
    });
    const { deviceSecret } = await api<{ deviceSecret: string }>(page, `${BIZ}/machine/submit`, {
      machineNo: MACHINE_NO,
      machineName: '指令测试机',
      hospitalId: hospital.id,
      slotCount: 4,
    });
    await asMachine(deviceSecret, 'heartbeat', {}); // online now

    const machines = await openMenu(page, '业务管理', '机器管理', '/business/machine/index');
    await chooseInMore(page, machines.getByRole('row', { name: new RegExp(MACHINE_NO) }), '远程指令');
    const dialog = page.getByRole('dialog', { name: `远程指令：${MACHINE_NO}` });
    await dialog.getByText('暂无指令').waitFor();
    // It fits the screen.
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(WIDE.height);

    // antd's radio buttons: the label is what shows, the radio input under it is clear.
    const kinds = dialog.getByRole('radiogroup', { name: '指令' });
    await kinds.getByText('重启', { exact: true }).click();
    expect(await kinds.getByRole('radio', { name: '重启' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: buttonName('下发') }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByText(`确定重启机器 ${MACHINE_NO}?`, { exact: false })
      .waitFor();
    await confirmOk(page);
    await page.locator('.ant-message-notice').filter({ hasText: '指令已下发' }).waitFor();
    const listed = dialog.getByRole('row').filter({ hasText: '重启' });
    await listed.getByText('已创建').waitFor();

    // The machine's next heartbeat hands it the command: sent.
    const { commands } = await asMachine<{ commands: Array<{ id: string; kind: string }> }>(
      deviceSecret,
      'heartbeat',
      {},
    );
    expect(commands.map((command) => command.kind)).toEqual(['reboot']);
    await listed.getByText('已下发').waitFor();

    // It reports success: the row says so without a reload.
    await asMachine(deviceSecret, 'command-result', { id: commands[0]!.id, state: 'succeeded' });
    await listed.getByText('成功').waitFor();
    expect(await listed.textContent()).toContain('管理员');
  });
});
