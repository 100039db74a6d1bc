import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';

// 研发工具 in the browser (issue 18): a data source made in its form, tested from the dialog and
// from its row, against the real server. The server's own SQLite file under DATA_DIR serves as the
// database (a server host would need DATASOURCE_HOSTS); a path outside DATA_DIR is refused.
const suite = consoleSuite();

const WIDE = { width: 1440, height: 900 };

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();

describe('data sources against the real server', () => {
  it('adds an SQLite data source, tests it in the dialog and from its row; a path outside DATA_DIR is refused', async () => {
    const page = await suite.signedInPage(WIDE, '/tool/datasource/index');
    const sources = page.getByRole('region', { name: '数据源管理', exact: true });
    await sources.waitFor();
    await sources.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称', { exact: true }).fill('本机 SQLite');
    // antd's button-style radios: the label is what a person clicks.
    await dialog
      .locator('label')
      .filter({ hasText: /^SQLite$/ })
      .click();
    await dialog.getByLabel('数据库', { exact: true }).fill('../outside.db');
    await dialog.getByRole('button', { name: '测试连接' }).click();
    await dialog.getByText(/服务器拒绝测试/).waitFor();
    await dialog
      .getByText(/DATA_DIR/)
      .first()
      .waitFor();

    await dialog.getByLabel('数据库', { exact: true }).fill('e2e.db');
    await dialog.getByRole('button', { name: '测试连接' }).click();
    await dialog.getByText(/服务器版本：SQLite 3\./).waitFor();
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast(page, '新增成功');
    await dialog.waitFor({ state: 'hidden' });

    const row = sources.getByRole('row', { name: /本机 SQLite/ });
    await row.getByText('未设置').waitFor();
    await row.getByRole('button', { name: '测试连接' }).click();
    await toast(page, /“本机 SQLite”连接成功/);
  });

  it('keeps a code record: a table of the data source picked, its columns read into the grid, then copied', async () => {
    const page = await suite.signedInPage(WIDE, '/tool/code/index');
    const codes = page.getByRole('region', { name: '代码生成', exact: true });
    await codes.waitFor();
    await codes.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称', { exact: true }).fill('岗位');
    await dialog.getByLabel('数据源', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '本机 SQLite' }).click();
    // The tables come from the data source itself (the server's own SQLite file, read-only).
    await dialog.getByLabel('表名', { exact: true }).click();
    await dialog.getByLabel('表名', { exact: true }).fill('blade_post');
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^blade_post$/ })
      .click();
    await dialog.getByLabel('post_name 的显示名称').waitFor();
    await dialog.getByLabel('post_name 的显示名称').fill('岗位名称');
    await dialog.getByLabel('模块名', { exact: true }).fill('job');
    await dialog.getByLabel('接口前缀', { exact: true }).fill('/api/zxgxg-api/job');
    await dialog.getByLabel('页面标题', { exact: true }).fill('岗位管理');
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast(page, '新增成功');
    await dialog.waitFor({ state: 'hidden' });

    const row = codes.getByRole('row', { name: /blade_post/ });
    await row.getByText('/api/zxgxg-api/job').waitFor();
    await row.getByRole('button', { name: '复制' }).click();
    await expect.poll(() => codes.getByRole('row', { name: /blade_post/ }).count()).toBe(2);
  });
});
