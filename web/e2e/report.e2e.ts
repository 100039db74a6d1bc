import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { api } from './support/console-api.js';
import { buttonName } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';

// 报表管理 › 报表列表 in the browser (issue 19): a report designed in the designer over refund
// reviews (columns, a grouping, two aggregates, a bar chart, a machine filter), saved, opened in the
// viewer, filtered, its chart and totals read, printed to PDF without the shell, and exported to
// .xlsx (read back: the filtered rows only). The refunds come in through the device API, as the
// test's machines ask for them, so the whole chain is the real one.
const suite = consoleSuite();

const WIDE = { width: 1440, height: 900 };
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();

/** Picks `option` in the antd select labelled `label` within `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).filter({ visible: true }).click();
}

/** Two hospitals, a machine in each, and refunds the machines ask for: 甲 100 + 200 on R-A1, 乙 400 on R-B1. */
async function seedRefunds(page: Page) {
  const secrets = new Map<string, string>();
  for (const [code, name, machineNo] of [
    ['RPT-A', '报表甲医院', 'R-A1'],
    ['RPT-B', '报表乙医院', 'R-B1'],
  ] as const) {
    const hospital = await api<{ id: string }>(page, '/api/zxgxg-api/hospital/submit', {
      hospitalCode: code,
      hospitalName: name,
    });
    const machine = await api<{ deviceSecret: string }>(page, '/api/zxgxg-api/machine/submit', {
      machineNo,
      machineName: machineNo,
      hospitalId: hospital.id,
      slotCount: 2,
    });
    secrets.set(machineNo, machine.deviceSecret);
  }
  for (const [orderNo, machineNo, amount] of [
    ['RPT-1', 'R-A1', 100],
    ['RPT-2', 'R-A1', 200],
    ['RPT-3', 'R-B1', 400],
  ] as const) {
    const response = await fetch(`${suite.running().baseUrl}/api/zxgxg-api/device/refund-request`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Machine-No': machineNo,
        'Machine-Secret': secrets.get(machineNo)!,
      },
      body: JSON.stringify({
        orderNo,
        slotNo: 1,
        orderAmount: amount,
        refundAmount: amount,
        reason: '出货失败',
      }),
    });
    expect(response.status, await response.text()).toBe(200);
  }
}

describe('reports against the real server', () => {
  it('designs a report, saves it, views it with a filter, reads its chart and totals, prints and exports it', async () => {
    const page = await suite.signedInPage(WIDE, '/report/reportlist/index');
    await seedRefunds(page);
    const list = page.getByRole('region', { name: '报表列表', exact: true });
    await list.waitFor();
    // The two seeded reports are there on day one.
    await list.getByRole('row', { name: /退款统计（按医院、月份）/ }).waitFor();
    await list.getByRole('row', { name: /机器统计（按医院、运行状态）/ }).waitFor();

    await list.getByRole('button', { name: '新增', exact: true }).click();
    const designer = page.getByRole('region', { name: '新增报表' });
    await designer.waitFor();
    await designer.getByLabel('报表名称', { exact: true }).fill('退款按医院');
    await choose(page, designer, '数据集', '退款审核');
    for (const column of ['订单号', '所属医院', '机器编号', '退款金额'])
      await designer.getByRole('checkbox', { name: column, exact: true }).check();
    await choose(page, designer, '第一分组', '所属医院');
    await designer.getByRole('button', { name: '添加汇总' }).click();
    await choose(page, designer, '汇总 1 的方式', '计数');
    await choose(page, designer, '汇总 1 的字段', '编号');
    await designer.getByRole('button', { name: '添加汇总' }).click();
    await choose(page, designer, '汇总 2 的方式', '合计');
    await choose(page, designer, '汇总 2 的字段', '退款金额');
    await designer.getByRole('button', { name: '添加筛选' }).click();
    await choose(page, designer, '筛选 1 的字段', '机器编号');
    await choose(page, designer, '筛选 1 的条件', '等于');
    await designer.getByText('柱状图', { exact: true }).click();
    await choose(page, designer, '图表分组', '所属医院');
    await choose(page, designer, '图表数值', '合计 退款金额');
    // The live preview runs the definition being edited: three refunds so far.
    const preview = designer.getByRole('region', { name: '预览' });
    await preview.getByText(/共 3 条/).waitFor();
    await designer.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page, '新增成功');

    const row = list.getByRole('row', { name: /退款按医院/ });
    await row.waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    const viewer = page.getByRole('region', { name: '查看报表：退款按医院' });
    await viewer.waitFor();
    const chart = viewer.getByRole('img', { name: /^柱状图/ });
    await expect
      .poll(() => chart.getAttribute('aria-label'))
      .toMatch(/报表甲医院 300.*报表乙医院 400|报表乙医院 400.*报表甲医院 300/);
    const summary = viewer.getByRole('region', { name: '分组汇总' });
    await summary.getByRole('row', { name: /总计.*3.*¥7\.00/ }).waitFor();

    // A filter narrows the rows, the totals and the chart.
    const filters = viewer.getByRole('form', { name: '筛选条件' });
    await filters.getByLabel('机器编号 等于').fill('R-A1');
    await filters.getByRole('button', { name: buttonName('查询') }).click();
    await summary.getByRole('row', { name: /总计.*2.*¥3\.00/ }).waitFor();
    await expect.poll(() => chart.getAttribute('aria-label')).not.toMatch(/报表乙医院/);
    const details = viewer.getByRole('region', { name: '明细' });
    await details.getByText('RPT-2').waitFor();
    expect(await details.getByText('RPT-3').count()).toBe(0);

    // On paper: no sidebar or top bar, the report's title and table are there.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.shell-sider').isVisible()).toBe(false);
    expect(await page.locator('.shell-header').isVisible()).toBe(false);
    expect(await viewer.getByRole('heading', { name: '退款按医院' }).isVisible()).toBe(true);
    expect(await summary.isVisible()).toBe(true);
    expect(await filters.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // The export holds every filtered row, not just the page.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: '导出 Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^退款按医院-.*\.xlsx$/);
    const sheet = await readSheet(await readFile((await download.path())!));
    expect(sheet[0]).toEqual(['订单号', '所属医院', '机器编号', '退款金额']);
    expect(
      sheet
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['RPT-1', 'RPT-2']);
  });
});
