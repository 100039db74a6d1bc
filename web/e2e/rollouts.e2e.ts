import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, chooseInMore, openMenu } from './support/console-api.js';
import { confirmOk } from './support/dialog.js';
import { consoleSuite } from './support/suite.js';

// 灰度发布 (issue 50): the administrator creates a staged update of a published version (one chosen
// machine, then every machine), sees it running at stage 1 / 2, opens the next stage, then rolls it
// back after a confirmation that names the machines going back to the version before. Two machines
// run the package (their heartbeats say so); both versions are uploaded and published over the API.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const BIZ = '/api/zxgxg-api';
const PACKAGE = 'com.zx.e2e.rollout';

/** The machine's heartbeat with its own number and secret, running version `running` of the package. */
async function beat(machineNo: string, secret: string, running: number) {
  const response = await fetch(`${suite.running().baseUrl}${BIZ}/device/heartbeat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Machine-No': machineNo, 'Machine-Secret': secret },
    body: JSON.stringify({ apkPackageName: PACKAGE, apkVersionCode: running }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { data: { update: { versionCode: number } | null } }).data;
}

/**
 * A published version of the package: the smallest bytes that pass for an apk (a zip's
 * end-of-directory record, with a marker) stored through put-file, then the version over apk/update.
 */
async function publish(page: Page, versionCode: number) {
  const attachId = await page.evaluate(async (marker) => {
    const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
    const bytes = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    const form = new FormData();
    form.append('file', new Blob([bytes, marker]), `v${marker}.apk`);
    const response = await fetch('/api/blade-resource/oss/endpoint/put-file', {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
      body: form,
    });
    const answer = (await response.json()) as { code: number; msg: string; data: { attachId: string } };
    if (answer.code !== 200) throw new Error(`put-file answered ${answer.code}: ${answer.msg}`);
    return answer.data.attachId;
  }, String(versionCode));
  await api(page, `${BIZ}/apk/update`, {
    appName: '灰度测试柜',
    packageName: PACKAGE,
    versionName: `1.${versionCode}`,
    versionCode,
    attachId,
    forceUpdate: 0,
    publishStatus: 1,
  });
}

describe('staged updates', () => {
  it('creates a rollout, opens its next stage and rolls it back after confirming', async () => {
    const page = await suite.signedInPage(WIDE);
    const hospital = await api<{ id: string }>(page, `${BIZ}/hospital/submit`, {
      hospitalCode: 'ROLL-H1',
      hospitalName: '灰度测试医院',
    });
    const secrets: Record<string, string> = {};
    for (const machineNo of ['ROLL-E2E-01', 'ROLL-E2E-02']) {
      const machine = await api<{ deviceSecret: string }>(page, `${BIZ}/machine/submit`, {
        machineNo,
        machineName: `灰度机${machineNo.slice(-1)}`,
        hospitalId: hospital.id,
        slotCount: 4,
      });
      secrets[machineNo] = machine.deviceSecret;
      await beat(machineNo, machine.deviceSecret, 100);
    }
    await publish(page, 100);
    await publish(page, 110);

    const rollouts = await openMenu(page, '业务管理', '灰度发布', '/business/rollout/index');
    await rollouts.getByRole('toolbar').getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增灰度发布' });
    await dialog.getByLabel('发布版本').click();
    await page.getByTitle(`${PACKAGE} 1.110 (110)`).click();

    // Stage 1: machine 01; stage 2: every machine (100%).
    const first = dialog.getByRole('group', { name: '第 1 阶段' });
    await first.getByText('按机器', { exact: true }).click();
    await first.getByLabel('机器', { exact: true }).click();
    await page.getByTitle('ROLL-E2E-01 灰度机1').click();
    await first.getByText('第 1 阶段', { exact: true }).click(); // closes the list
    await dialog.getByRole('button', { name: '添加阶段' }).click();
    await dialog.getByRole('group', { name: '第 2 阶段' }).getByLabel('累计比例（%）').fill('100');
    // It fits the screen.
    const box = (await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(WIDE.height);
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '灰度发布已创建' }).waitFor();

    const row = rollouts.getByRole('row', { name: /1\.110（110）/ });
    await row.getByText('进行中').waitFor();
    await row.getByText('1 / 2').waitFor();
    // Machine 01 is offered the version; machine 02 is not yet.
    expect((await beat('ROLL-E2E-01', secrets['ROLL-E2E-01']!, 100)).update?.versionCode).toBe(110);
    expect((await beat('ROLL-E2E-02', secrets['ROLL-E2E-02']!, 100)).update).toBeNull();

    await chooseInMore(page, row, '下一阶段');
    await page
      .locator('.ant-modal-confirm')
      .getByText('确定进入第 2 阶段? 该阶段的 1 台机器（累计 100% 的机器）将收到 1.110 版本的更新')
      .waitFor();
    await confirmOk(page);
    await row.getByText('2 / 2').waitFor();

    await chooseInMore(page, row, '回滚');
    await page
      .locator('.ant-modal-confirm')
      .getByText('确定回滚 1.110? 已收到此版本的 1 台机器将退回到 1.100 版本', { exact: false })
      .waitFor();
    await confirmOk(page);
    await row.getByText('已回滚').waitFor();
    expect(await row.getByRole('button', { name: '回滚' }).count()).toBe(0);
  });
});
