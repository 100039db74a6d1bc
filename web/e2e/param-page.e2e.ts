import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';
import { confirmOk } from './support/dialog.js';

// One page of the CRUD kit end to end against the real server: the parameter list, its search,
// paging, add/edit/view dialog with the spec's validation messages, and single and bulk delete.
const suite = consoleSuite();

async function paramPage(): Promise<Page> {
  const page = await suite.signedInPage({ width: 1440, height: 900 }, '/system/param/index');
  await page.getByText(/^共 \d+ 条$/).waitFor();
  await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');

/** Adds `count` parameters through the API the console uses, with the page's own session. */
async function addParams(page: Page, name: string, key: string, count: number): Promise<void> {
  await page.evaluate(
    async ({ name, key, count }) => {
      const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
      for (let i = 1; i <= count; i++) {
        const response = await fetch('/api/blade-system/param/submit', {
          method: 'POST',
          headers: {
            Authorization: `Basic ${btoa('saber:saber_secret')}`,
            'Blade-Auth': `bearer ${token}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ paramName: `${name} ${i}`, paramKey: `${key}.${i}`, paramValue: String(i) }),
        });
        if (response.status !== 200) throw new Error(`submit answered ${response.status}`);
      }
    },
    { name, key, count },
  );
}
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

describe('parameters page (CRUD kit) against the real server', () => {
  it('adds with the spec’s validation, edits, views, searches and deletes', async () => {
    const page = await paramPage();
    expect(await page.title()).toContain('参数管理');

    // Add: an empty form shows the three messages of spec §5 and sends nothing.
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await dialog(page).getByRole('button', { name: '保存' }).click();
    for (const message of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) {
      await dialog(page).getByText(message).waitFor();
    }
    await dialog(page).getByLabel('参数名称').fill('端到端参数');
    await dialog(page).getByLabel('参数键名').fill('e2e.key');
    await dialog(page).getByLabel('参数键值').fill('第一版');
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await page.getByText('新增成功').waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /e2e\.key/ }).waitFor();

    // A duplicate key: the server's message, the dialog stays open with its input.
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await dialog(page).getByLabel('参数名称').fill('重复');
    await dialog(page).getByLabel('参数键名').fill('e2e.key');
    await dialog(page).getByLabel('参数键值').fill('x');
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await page
      .getByText(/e2e\.key/)
      .and(page.locator('.ant-message *'))
      .first()
      .waitFor();
    expect(await dialog(page).getByLabel('参数名称').inputValue()).toBe('重复');
    expect(await dialog(page).getByRole('button', { name: '保存' }).getAttribute('class')).not.toContain(
      'ant-btn-loading',
    );
    await dialog(page).getByRole('button', { name: '取消' }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    // Edit, then view what was stored.
    const row = page.getByRole('row', { name: /e2e\.key/ });
    await row.getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByLabel('参数键值').fill('第二版');
    await dialog(page).getByRole('button', { name: '修改' }).click();
    await page.getByText('更新成功').waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: '查看' }).click();
    expect(await dialog(page).getByLabel('参数键值').inputValue()).toBe('第二版');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });

    // Search by key: only the matching row; clearing shows all again.
    const search = page.getByRole('form', { name: '搜索条件' });
    await search.getByLabel('参数键名').fill('e2e.');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await search.getByRole('button', { name: '清空' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);

    // Bulk delete without a selection warns; with one, confirms and deletes.
    await page.getByRole('button', { name: '批量删除' }).click();
    await page.getByText('请选择至少一条数据').waitFor();
    await page.getByRole('checkbox', { name: '选择 端到端参数' }).check();
    await page.getByRole('button', { name: '批量删除' }).click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await confirmOk(page);
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
  });

  it('pages in the server: 10 rows by default, 200 on request', async () => {
    const page = await paramPage();
    const totalText = page.getByText(/^共 \d+ 条$/);
    const before = Number((await totalText.textContent())?.match(/\d+/)?.[0]);
    await addParams(page, '分页', 'page', 25);
    await page.getByRole('button', { name: '刷新' }).click();
    await page.getByText(`共 ${before + 25} 条`).waitFor();
    expect(await rows(page).count()).toBe(10);
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.getByRole('option', { name: /^200/ }).click();
    await expect.poll(() => rows(page).count()).toBe(before + 25);
  });

  it('draws a long page’s rows in view, reaches every row by scrolling, and selects the whole page', async () => {
    const page = await paramPage();
    const count = 120;
    await addParams(page, '长页', 'long', count);
    const search = page.getByRole('form', { name: '搜索条件' });
    await search.getByLabel('参数键名').fill('long.');
    await search.getByRole('button', { name: '搜索' }).click();
    await page.getByText(`共 ${count} 条`).waitFor();
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.getByRole('option', { name: /^200/ }).click();

    // The table says it holds every row (plus its header) but draws only those near the view.
    const table = page.locator(`table[aria-rowcount="${count + 1}"]`);
    await table.waitFor();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(10);
    expect(await rows(page).count()).toBeLessThan(count);
    expect(await rows(page).first().getAttribute('aria-rowindex')).toBe('2');

    // The page scrolls as far as all its rows reach; at the end the last row is drawn, in view.
    const main = page.locator('.shell-main');
    await main.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect.poll(() => rows(page).last().getAttribute('aria-rowindex')).toBe(String(count + 1));
    const last = await rows(page).last().boundingBox();
    const view = await main.boundingBox();
    expect(last && view && last.y + last.height <= view.y + view.height + 1).toBe(true);
    expect(last && view && last.y >= view.y).toBe(true);

    // Halfway down, the rows drawn are those around the middle.
    await main.evaluate((element) => element.scrollTo(0, element.scrollHeight / 2));
    await expect
      .poll(async () => Number(await rows(page).first().getAttribute('aria-rowindex')))
      .toBeGreaterThan(20);

    // "Select all" selects every row of the page, drawn or not: deleting them empties the search.
    await page.getByRole('checkbox', { name: '全选本页' }).check();
    await page.getByRole('button', { name: '批量删除' }).click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await confirmOk(page);
    await page.getByText('删除成功').waitFor();
    await page.getByText('共 0 条').waitFor();
  });
});
