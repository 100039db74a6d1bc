import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { createRole, createStaff, openMenu as openMenuOf } from './support/console-api.js';
import { closeDialog, confirmOk } from './support/dialog.js';
import { signIn, type Credentials } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';

// The business console end to end (issue 16), one fleet built up test by test on the file's server:
// a hospital and a machine of 8 slots made in their forms (the device secret read from its one-time
// dialog), 2 slots granted to an operator on the slot page (who then sees only those), an apk
// uploaded and published, a machine's refund request agreed, the hospitals' sheet exported and a
// sheet imported, and the home dashboard counting what was made.
const suite = consoleSuite();

const WIDE = { width: 1440, height: 900 };
const HOSPITAL = { code: 'H-E2E-01', name: 'E2E 第一医院' };
const MACHINE = { no: 'E2E-0001', name: 'E2E 一号柜', slots: 8 };
const OPERATOR: Credentials = { username: 'e2e_op', password: 'Op-2024-pass' };
const OPERATOR_LABEL = 'e2e_op · 运营员';
const ORDER_NO = 'WX-E2E-0001';
const IMPORTED = [
  { code: 'H-E2E-02', name: 'E2E 第二医院' },
  { code: 'H-E2E-03', name: 'E2E 第三医院' },
];
/** The smallest zip (an empty archive's end record): what the server takes for an apk's bytes. */
const APK = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);

/** What one test leaves for the next: the machine's one-time device secret. */
const made = { secret: '' };

const md5 = (data: string | Buffer) => createHash('md5').update(data).digest('hex');
const dialog = (page: Page) => page.getByRole('dialog');
const toolbar = (scope: Locator) => scope.getByRole('toolbar', { name: '表格操作' });
const dataRows = (scope: Locator) => scope.locator('.ant-table-tbody .ant-table-row');
/** An antd message (toast); earlier ones may still be on screen. */
const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
/** The visible option titled `title` of the open antd select. */
const option = (page: Page, title: string) =>
  page.locator(`.ant-select-item-option[title="${title}"]`).filter({ visible: true });

/** A call of the device API, as the machine makes it (no console session): status and envelope. */
async function device(path: string, secret: string, body: unknown) {
  const response = await fetch(`${suite.running().baseUrl}/api/zxgxg-api/device/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Machine-No': MACHINE.no, 'Machine-Secret': secret },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; data: Record<string, unknown>; msg: string },
  };
}

/** An antd Statistic's figure (value and suffix), found by its title. */
const figure = (scope: Locator, title: string) =>
  scope
    .locator('.ant-statistic')
    .filter({ has: scope.page().locator('.ant-statistic-title').getByText(title, { exact: true }) })
    .locator('.ant-statistic-content');
const figureText = async (scope: Locator, title: string) =>
  ((await figure(scope, title).textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Picks a machine in the slot page's picker; answers the titles the picker offered. */
async function pickMachine(page: Page): Promise<string[]> {
  await page.getByLabel('机器', { exact: true }).click();
  const offered = page.locator('.ant-select-item-option').filter({ visible: true });
  const wanted = `${MACHINE.no} ${MACHINE.name}`;
  // The list may draw again while it opens (its options arrive), so read it until it holds ours.
  let titles: string[] = [];
  await expect
    .poll(async () => {
      const read = await offered.evaluateAll((items) => items.map((item) => item.getAttribute('title')));
      titles = read.filter((title): title is string => title !== null);
      return titles.includes(wanted);
    })
    .toBe(true);
  await option(page, wanted).click();
  return titles;
}

/** The operator's role (every business menu and button) and account, made with the admin's token. */
async function createOperator(page: Page): Promise<void> {
  const roleId = await createRole(page, 'E2E 运营', 'e2e_operator', ['业务管理']);
  await createStaff(page, OPERATOR, '运营员', roleId);
}

/** Opens a page of 业务管理 from the sidebar and answers its region. */
const openMenu = (page: Page, item: string, path: string) => openMenuOf(page, '业务管理', item, path);

describe('the business console against the real server', () => {
  it('creates a hospital and a machine of 8 slots in their forms; the device secret shows once', async () => {
    const page = await suite.signedInPage(WIDE, '/business/hospital/index');
    const hospitals = page.getByRole('region', { name: '医院管理', exact: true });
    await hospitals.waitFor();
    await toolbar(hospitals).getByRole('button', { name: '新增', exact: true }).click();
    await dialog(page).getByLabel('医院编码', { exact: true }).fill(HOSPITAL.code);
    await dialog(page).getByLabel('医院名称', { exact: true }).fill(HOSPITAL.name);
    await dialog(page).getByLabel('联系电话', { exact: true }).fill('010-12345678');
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await toast(page, '新增成功');
    await dialog(page).waitFor({ state: 'hidden' });
    await hospitals
      .getByRole('row', { name: new RegExp(HOSPITAL.code) })
      .getByText(HOSPITAL.name)
      .waitFor();

    const machines = await openMenu(page, '机器管理', '/business/machine/index');
    await toolbar(machines).getByRole('button', { name: '新增', exact: true }).click();
    const form = dialog(page);
    await form.getByLabel('机器编号', { exact: true }).fill(MACHINE.no);
    await form.getByLabel('机器名称', { exact: true }).fill(MACHINE.name);
    await form.getByLabel('所属医院', { exact: true }).click();
    await option(page, HOSPITAL.name).click();
    await form.getByLabel('格口数量', { exact: true }).fill(String(MACHINE.slots));
    await form.getByRole('button', { name: '保存' }).click();

    // The answer's device secret, shown this once: only its own button closes the dialog.
    const shown = page.getByRole('dialog', { name: '设备密钥' });
    await shown.getByText('设备密钥只显示这一次').waitFor();
    await shown.getByText(MACHINE.no, { exact: true }).waitFor();
    made.secret = ((await shown.locator('code').textContent()) ?? '').trim();
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    await shown.getByRole('button', { name: '我已记下' }).click();
    await shown.waitFor({ state: 'hidden' });

    const row = machines.getByRole('row', { name: new RegExp(MACHINE.no) });
    await row.getByText(HOSPITAL.name).waitFor();
    await row.getByText('离线').waitFor();
    // The machine's 8 slots, all empty, in the view dialog's grid.
    await row.getByRole('button', { name: '查看' }).click();
    const grid = dialog(page).getByRole('list', { name: `${MACHINE.no} 的格口` });
    await grid.waitFor();
    expect(await grid.getByRole('listitem').evaluateAll((cells) => cells.map((c) => c.ariaLabel))).toEqual(
      Array.from({ length: MACHINE.slots }, (_, i) => `${i + 1}号格口：空闲`),
    );
    await closeDialog(dialog(page));
  });

  it('grants 2 of the 8 slots to an operator on the slot page; the operator sees only those', async () => {
    const admin = await suite.signedInPage(WIDE, '/business/slot/index');
    await createOperator(admin);
    const slotPage = admin.getByRole('region', { name: '格口管理', exact: true });
    await slotPage.getByText('请选择一台机器').waitFor();
    await pickMachine(admin);
    const slots = admin.getByRole('region', { name: '格口列表', exact: true });
    await expect.poll(() => dataRows(slots).count()).toBe(MACHINE.slots);
    await slots.getByRole('checkbox', { name: '选择 1号格口' }).check();
    await slots.getByRole('checkbox', { name: '选择 2号格口' }).check();
    await toolbar(slots).getByRole('button', { name: '授权', exact: true }).click();

    const grant = admin.getByRole('dialog', { name: '格口授权' });
    await grant.getByText('选中的格口：1号格口、2号格口').waitFor();
    await grant.getByLabel('用户', { exact: true }).click();
    await option(admin, OPERATOR_LABEL).click();
    // Closes the user list, which may cover the rest of the dialog.
    await grant.getByText('格口授权', { exact: true }).click();
    expect(await grant.getByRole('radio', { name: '选中的格口（2 个）' }).isChecked()).toBe(true);
    await grant.getByRole('button', { name: '确定' }).click();
    await toast(admin, '授权成功，新增 2 项授权');
    await grant.waitFor({ state: 'hidden' });
    for (const slotNo of [1, 2])
      await slots
        .getByRole('row', { name: new RegExp(`${slotNo}号格口`) })
        .getByText(OPERATOR_LABEL)
        .waitFor();
    expect(await slots.getByText(OPERATOR_LABEL).count()).toBe(2);
    await admin.context().close();

    // The operator, in a session of their own: the home figures, the machine list and the slot page
    // count only what was granted.
    const { baseUrl, captchas } = suite.running();
    const page = await suite.newPage(WIDE);
    await signIn(page, baseUrl, captchas, OPERATOR);
    const board = page.getByRole('region', { name: '业务概况' });
    await figure(board, '机器总数').waitFor();
    expect(await figureText(board, '机器总数')).toBe('1');
    expect(await figureText(board, '使用中 / 格口总数')).toBe('0/ 2');

    const machines = await openMenu(page, '机器管理', '/business/machine/index');
    await machines.getByRole('row', { name: new RegExp(MACHINE.no) }).waitFor();
    expect(await dataRows(machines).count()).toBe(1);

    await openMenu(page, '格口管理', '/business/slot/index');
    expect(await pickMachine(page)).toEqual([`${MACHINE.no} ${MACHINE.name}`]);
    const theirs = page.getByRole('region', { name: '格口列表', exact: true });
    await theirs.getByRole('row', { name: /1号格口/ }).waitFor();
    await expect
      .poll(() =>
        dataRows(theirs)
          .locator('td')
          .filter({ hasText: /号格口$/ })
          .allInnerTexts(),
      )
      .toEqual(['1号格口', '2号格口']);
  });

  it('uploads an apk in its form: the server computes md5 and size; published after confirming', async () => {
    const page = await suite.signedInPage(WIDE, '/business/apk/index');
    const apks = page.getByRole('region', { name: 'APK管理', exact: true });
    await apks.waitFor();
    await toolbar(apks).getByRole('button', { name: '新增', exact: true }).click();
    const form = dialog(page);
    await form.getByLabel('应用名称', { exact: true }).fill('智能柜');
    await form.getByLabel('包名', { exact: true }).fill('com.zxgxg.cabinet');
    await form.getByLabel('版本名称', { exact: true }).fill('1.2.0');
    await form.getByLabel('版本号', { exact: true }).fill('120');
    // The button (named by its field's label) opens the file picker.
    const pick = form.getByLabel('安装包文件', { exact: true });
    await pick.getByText('选择安装包').waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), pick.click()]);
    await chooser.setFiles({
      name: 'x.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: APK,
    });
    await form.getByText('已上传 x.apk').waitFor();
    await form.getByRole('button', { name: '保存' }).click();
    await toast(page, '新增成功');
    await form.waitFor({ state: 'hidden' });

    const row = apks.getByRole('row', { name: /com\.zxgxg\.cabinet/ });
    await row.getByText(`${APK.length} B`, { exact: true }).waitFor();
    // The md5 is a secondary column, out of the table at 1366 px: its row's view shows it.
    await row.getByRole('button', { name: '查看' }).click();
    await expect.poll(() => dialog(page).getByLabel('MD5', { exact: false }).inputValue()).toBe(md5(APK));
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    await row.getByText('草稿', { exact: true }).waitFor();

    await row.getByRole('button', { name: '发布' }).click();
    await page.getByRole('dialog').filter({ hasText: '确定发布该版本?' }).waitFor();
    await confirmOk(page);
    await toast(page, '发布成功');
    await row.getByText('已发布', { exact: true }).waitFor();
    await row.getByRole('button', { name: '撤回' }).waitFor();
    expect(await row.getByRole('button', { name: '发布' }).count()).toBe(0);
  });

  it('agrees to a refund a machine requested through the device API', async () => {
    const request = {
      orderNo: ORDER_NO,
      slotNo: 3,
      customerPhone: '13812345678',
      orderAmount: 1000,
      refundAmount: 800,
      reason: '柜门打不开',
    };
    expect((await device('refund-request', 'not-the-secret', request)).status).toBe(401);
    const requested = await device('refund-request', made.secret, request);
    expect(requested.body).toMatchObject({ code: 200, data: { orderNo: ORDER_NO, reviewStatus: 0 } });

    const page = await suite.signedInPage(WIDE, '/business/refund/index');
    const refunds = page.getByRole('region', { name: '退款审核', exact: true });
    const row = refunds.getByRole('row', { name: new RegExp(ORDER_NO) });
    await row.getByText('待审核', { exact: true }).waitFor();
    // At 1366 px the hospital and the order's amount are secondary columns, out of the table.
    await row.getByText('¥8.00', { exact: true }).waitFor();

    await row.getByRole('button', { name: '同意' }).click();
    const decision = page.getByRole('dialog', { name: '同意退款' });
    await decision.getByText(`确定同意订单 ${ORDER_NO} 的退款 ¥8.00? 同意后不能撤销`).waitFor();
    await decision.getByRole('button', { name: '同意' }).click();
    await toast(page, '已同意退款');
    await decision.waitFor({ state: 'hidden' });
    await row.getByText('已同意', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^(同意|拒绝)$/ }).count()).toBe(0);
  });

  it('exports the hospitals to a sheet and imports a sheet of two more', async () => {
    const page = await suite.signedInPage(WIDE, '/business/hospital/index');
    const hospitals = page.getByRole('region', { name: '医院管理', exact: true });
    await hospitals.getByRole('row', { name: new RegExp(HOSPITAL.code) }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      toolbar(hospitals).getByRole('button', { name: '导出' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^医院.*\.xlsx$/);
    const path = await download.path();
    const rows = await readSheet(await readFile(path));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, 2)).toEqual(['医院编码', '医院名称']);
    expect(rows[1]!.slice(0, 2)).toEqual([HOSPITAL.code, HOSPITAL.name]);

    // The import: a dry run reports every row's problem (here a code that exists), then only the
    // valid rows are stored.
    const sheet = await writeXlsxFile([
      ['医院编码', '医院名称'],
      ...IMPORTED.map((hospital) => [hospital.code, hospital.name]),
      [HOSPITAL.code, '重复的医院'],
    ]).toBuffer();
    await toolbar(hospitals).getByRole('button', { name: '导入', exact: true }).click();
    const importing = page.getByRole('dialog', { name: '导入 Excel' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      importing.getByRole('button', { name: '选择文件' }).click(),
    ]);
    await chooser.setFiles({
      name: 'hospitals.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    });
    await importing.getByText('hospitals.xlsx').waitFor();
    await importing.getByRole('button', { name: /^检\s?查$/ }).click();
    await importing.getByText('共 3 行，2 行可导入，1 个问题').waitFor();
    const problems = importing.getByRole('table', { name: '问题列表' });
    await problems.getByText(`医院编码已存在: ${HOSPITAL.code}`).waitFor();
    await importing.getByRole('radio', { name: '只导入没有问题的 2 行' }).check();
    await importing.getByRole('button', { name: /^导\s?入$/ }).click();
    await importing.getByText('导入成功 2 条（新增 2，更新 0）').waitFor();
    await importing
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /^关\s?闭$/ })
      .click();
    await importing.waitFor({ state: 'hidden' });
    for (const hospital of IMPORTED)
      await hospitals
        .getByRole('row', { name: new RegExp(hospital.code) })
        .getByText(hospital.name)
        .waitFor();
    expect(await dataRows(hospitals).count()).toBe(3);
  });

  it('counts on the home dashboard what was made, with the refunds chart', async () => {
    const page = await suite.signedInPage(WIDE);
    const board = page.getByRole('region', { name: '业务概况' });
    // The figures are cached for a few seconds: asked again until they count the new machine.
    await expect
      .poll(
        async () => {
          await board.getByRole('button', { name: '刷新业务数据' }).click();
          return (await figure(board, '机器总数').count()) > 0 ? figureText(board, '机器总数') : '';
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('1');
    expect(await figureText(board, '在线机器')).toBe('0');
    expect(await figureText(board, '离线机器')).toBe('1');
    expect(await figureText(board, '故障机器')).toBe('0');
    expect(await figureText(board, '使用中 / 格口总数')).toBe(`0/ ${MACHINE.slots}`);
    const states = board.getByRole('definition');
    expect(await states.allInnerTexts()).toEqual([String(MACHINE.slots), '0', '0', '0', '0']);
    expect(await figureText(board, '待审核笔数')).toBe('0');
    expect(await figureText(board, '待退金额')).toBe('¥0.00');

    // The chart (its own chunk) with the agreed refund in its summary.
    await board.getByRole('img', { name: '近 30 天退款审核 近 30 天共同意 1 笔、拒绝 0 笔' }).waitFor();
  });
});
