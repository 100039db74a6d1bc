import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';

// 导出 of a CRUD kit page end to end (issue 52): the parameter list's search exported by the real
// server (core/workbook/list-export.ts) as the table shows it, with the progress panel of an export
// that takes more than a second.
const suite = consoleSuite();

/** Adds parameters through the API the console uses, with the page's own session. */
async function addParams(page: Page, names: string[]): Promise<void> {
  await page.evaluate(async (names) => {
    const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
    for (const [at, name] of names.entries()) {
      const response = await fetch('/api/blade-system/param/submit', {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('saber:saber_secret')}`,
          'Blade-Auth': `bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ paramName: name, paramKey: `export.e2e.${at}`, paramValue: `值${at}` }),
      });
      if (response.status !== 200) throw new Error(`submit answered ${response.status}`);
    }
  }, names);
}

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

describe('a list export (CRUD kit) against the real server', () => {
  it("exports the search on screen as the table shows it, with the export's progress", async () => {
    const page = await suite.signedInPage({ width: 1440, height: 900 }, '/system/param/index');
    await page.getByText(/^共 \d+ 条$/).waitFor();
    await addParams(page, ['导出甲', '导出乙', '导出丙']);

    const search = page.getByRole('form', { name: '搜索条件' });
    await search.getByLabel('参数键名').fill('export.e2e.');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);

    // The server's answer held back a little: an export that takes more than a second shows its
    // progress (the rows the list holds, the seconds), then the file is saved.
    await page.route('**/api/blade-system/param/export?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('toolbar', { name: '表格操作' }).getByRole('button', { name: '导出' }).click();
    const progress = page.getByRole('status', { name: '导出进度' });
    await progress.getByText('正在生成导出文件（3 行）…').waitFor();
    await progress.getByText(/已用时 \d+ 秒/).waitFor();
    const download = await downloading;
    await progress.waitFor({ state: 'hidden' });

    expect(download.suggestedFilename()).toMatch(/^参数-\d{14}\.xlsx$/);
    const sheet = await readSheet(await readFile((await download.path())!));
    // The visible columns in their order, with the titles the table shows.
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    const shown = headers.map((text) => text.trim()).filter((text) => text && text !== '操作');
    expect(sheet[0]).toEqual(shown);
    expect(sheet[0]!.slice(0, 2)).toEqual(['参数名称', '参数键名']);
    // The search's rows only, each as listed.
    expect(
      sheet
        .slice(1)
        .map((row) => [row[0], row[1]])
        .sort(),
    ).toEqual([
      ['导出丙', 'export.e2e.2'],
      ['导出乙', 'export.e2e.1'],
      ['导出甲', 'export.e2e.0'],
    ]);
  });
});
