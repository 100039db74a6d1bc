import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';

// One page of the CRUD kit end to end against the real server: the parameter list, its search,
// paging, add/edit/view dialog with the spec's validation messages, and single and bulk delete.
const suite = consoleSuite();

async function paramPage(): Promise<Page> {
  const page = await suite.signedInPage({ width: 1440, height: 900 });
  await page.goto(`${suite.running().baseUrl}/system/param/index`);
  await page.getByRole('row', { name: /account\.initPassword/ }).waitFor();
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');
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
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
  });

  it('pages in the server: 10 rows by default, 200 on request', async () => {
    const page = await paramPage();
    const totalText = page.getByText(/^共 \d+ 条$/);
    const before = Number((await totalText.textContent())?.match(/\d+/)?.[0]);
    // 25 more parameters through the API the console uses, with the page's own session.
    await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
      for (let i = 1; i <= 25; i++) {
        const response = await fetch('/api/blade-system/param/submit', {
          method: 'POST',
          headers: {
            Authorization: `Basic ${btoa('saber:saber_secret')}`,
            'Blade-Auth': `bearer ${token}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ paramName: `分页 ${i}`, paramKey: `page.${i}`, paramValue: String(i) }),
        });
        if (response.status !== 200) throw new Error(`submit answered ${response.status}`);
      }
    });
    await page.getByRole('button', { name: '刷新' }).click();
    await page.getByText(`共 ${before + 25} 条`).waitFor();
    expect(await rows(page).count()).toBe(10);
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.getByRole('option', { name: /^200/ }).click();
    await expect.poll(() => rows(page).count()).toBe(before + 25);
  });
});
