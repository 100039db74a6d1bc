import type { Locator, Page } from 'playwright-core';
import { openMenu } from './console-api.js';

// What the workflow's browser tests do on 我的事务's pages: wait for a message, find a row, choose
// in a select, open a to-do's handling dialog.

/** Waits for an antd message with `text`; failing, says which messages were on screen. */
export async function toast(page: Page, text: string): Promise<void> {
  const notices = page.locator('.ant-message-notice');
  try {
    await notices.filter({ hasText: text }).first().waitFor();
  } catch (error) {
    throw new Error(`no message "${text}"; on screen: ${JSON.stringify(await notices.allTextContents())}`, {
      cause: error,
    });
  }
}

/** A table row by its text. */
export const row = (scope: Locator, text: string | RegExp) => scope.getByRole('row', { name: text });

/** Chooses an option of an antd select by its label, typing to search it when it searches. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.click();
  if (await field.isEditable()) await field.fill(option);
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Opens 处理 on a to-do row (the list read anew): the handling dialog. */
export async function handle(page: Page, task: string): Promise<Locator> {
  let todo: Locator;
  if (new URL(page.url()).pathname === '/work/todo/index') {
    await page.reload();
    todo = page.getByRole('region', { name: '待办事务', exact: true });
  } else todo = await openMenu(page, '我的事务', '待办事务', '/work/todo/index');
  await row(todo, new RegExp(task)).getByRole('button', { name: '处理' }).click();
  const dialog = page.getByRole('dialog', { name: '处理事务' });
  await dialog.waitFor();
  return dialog;
}
