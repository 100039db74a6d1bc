import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, chooseInMore } from './support/console-api.js';
import { expectNoOverlap } from './support/overlap.js';
import { consoleSuite } from './support/suite.js';

// 研发工具 in the browser (issue 18): a data source made in its form, tested from the dialog and
// from its row, against the real server. A SQLite file under DATA_DIR serves as the database (a
// server host would need DATASOURCE_HOSTS); a path outside DATA_DIR and the server's own database
// are refused.
// DATA_DIR is one of the test's own, holding beside the server's database an older system's
// (legacy.db, one table) for the code generator to read.
const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-develop-'));
const legacy = new Sqlite(join(dataDir, 'legacy.db'));
legacy.exec(
  'CREATE TABLE biz_sensor (id INTEGER PRIMARY KEY, sensor_name VARCHAR(64) NOT NULL, sensor_type VARCHAR(32), remark TEXT)',
);
legacy.close();
const suite = consoleSuite({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'e2e.db')}` });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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

    // The console's own database is never a data source (issue 44, item 11).
    await dialog.getByLabel('数据库', { exact: true }).fill('e2e.db');
    await dialog.getByRole('button', { name: '测试连接' }).click();
    await dialog
      .getByText(/不能使用控制台自己的数据库/)
      .first()
      .waitFor();

    await dialog.getByLabel('数据库', { exact: true }).fill('legacy.db');
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

  it('turns a table of another database into a module: the record kept, copied, previewed and generated as a .zip', async () => {
    const page = await suite.signedInPage(WIDE, '/tool/code/index');
    // A second SQLite file in DATA_DIR stands for an older system's database.
    await api(page, '/api/blade-develop/datasource/submit', {
      name: '旧系统',
      kind: 'sqlite',
      database: 'legacy.db',
    });
    const codes = page.getByRole('region', { name: '代码生成', exact: true });
    await codes.waitFor();
    await codes.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称', { exact: true }).fill('传感器');
    await dialog.getByLabel('数据源', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '旧系统' }).click();
    // The tables come from the data source itself, read-only.
    await dialog.getByLabel('表名', { exact: true }).click();
    await dialog.getByLabel('表名', { exact: true }).fill('biz_sensor');
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^biz_sensor$/ })
      .click();
    await dialog.getByLabel('sensor_name 的显示名称').waitFor();
    await dialog.getByLabel('sensor_name 的显示名称').fill('传感器名称');
    await dialog.getByLabel('模块名', { exact: true }).fill('sensor');
    await dialog.getByLabel('接口前缀', { exact: true }).fill('/api/zxgxg-api/sensor');
    await dialog.getByLabel('页面标题', { exact: true }).fill('传感器管理');
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast(page, '新增成功');
    await dialog.waitFor({ state: 'hidden' });

    const rows = codes.getByRole('row', { name: /biz_sensor/ });
    await rows.getByText('/api/zxgxg-api/sensor').waitFor();
    // Six row buttons: 复制, 预览 and 生成 are in the row's 更多 menu (the kit's rule, issue 45).
    await chooseInMore(page, rows, '复制');
    await expect.poll(() => rows.count()).toBe(2);
    const original = rows.filter({ hasNotText: '副本' });

    // 预览: the files the record generates, one tab each, before anything is downloaded.
    await chooseInMore(page, original, '预览');
    const preview = page.getByRole('dialog', { name: '预览：传感器' });
    await preview.getByRole('tab', { name: 'sensor.routes.ts' }).click();
    await preview
      .getByText(/registerCrudRoutes/)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // 生成: the module as a .zip, holding the server, contract and console files.
    const downloaded = page.waitForEvent('download');
    await chooseInMore(page, original, '生成');
    const zip = await downloaded;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const files = Object.keys(unzipSync(new Uint8Array(await readFile(await zip.path()))));
    expect(files).toEqual(
      expect.arrayContaining([
        'server/src/modules/generated/sensor/sensor.routes.ts',
        'packages/contract/src/generated/sensor.ts',
        'web/src/pages/generated/sensor/index.tsx',
      ]),
    );
  });

  it('lists code records at 1366×768 with no column’s text over another’s (issue 45)', async () => {
    const page = await suite.signedInPage({ width: 1366, height: 768 }, '/tool/code/index');
    const source = await api<{ id: string }>(page, '/api/blade-develop/datasource/submit', {
      name: '旧系统 1366',
      kind: 'sqlite',
      database: 'legacy.db',
    });
    // Long values in every column: a table, a module and an API prefix as long as such names get.
    await api(page, '/api/blade-develop/code/submit', {
      codeName: '传感器读数与告警阈值配置',
      datasourceId: source.id,
      tableName: 'biz_sensor',
      moduleName: 'sensor-reading-threshold',
      apiPrefix: '/api/zxgxg-api/sensor-reading-threshold',
      pageTitle: '传感器读数与告警阈值管理',
      columns: [
        {
          name: 'sensor_name',
          label: '传感器名称',
          dataType: 'VARCHAR(64)',
          control: 'input',
          required: true,
          searchable: true,
          inTable: true,
        },
      ],
    });
    await page.reload();
    const codes = page.getByRole('region', { name: '代码生成', exact: true });
    await codes.getByText('/api/zxgxg-api/sensor-reading-threshold').first().waitFor();
    await expectNoOverlap(page, codes);
  });
});
