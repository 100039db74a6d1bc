import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeDialog } from './support/dialog.js';
import { sendToAdmin } from './support/messages.js';
import { consoleSuite } from './support/suite.js';

// The message center in the console (issue 47) against the real server: the top bar's bell counts
// the administrator's unread messages, its popover opens one (marking it read) and marks a tab's
// read, and the message center lists them. The messages are written into the database, as
// MessageService.send writes them: no route sends one.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };

/** What the bell's badge shows ('' when it shows nothing). */
const badge = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector('.ant-badge:has(> button[aria-label^="通知"]) .ant-badge-count')
        ?.getAttribute('title') ?? '',
  );

describe('messages in the console', () => {
  it('counts the unread messages on the bell; opening one and marking a tab read clears the badge', async () => {
    const { databaseUrl } = suite.running();
    // A notice body with script in it, stored as is: the console's sanitiser shows it.
    sendToAdmin(databaseUrl, {
      kind: 'notice',
      title: '端到端通知',
      body: '<p>今晚<strong>维护</strong><img src=x onerror="window.__xss=1"></p>',
    });
    sendToAdmin(databaseUrl, { kind: 'task', title: '端到端待办', link: '/work/todo/index' });
    const page = await suite.signedInPage(WIDE);

    const bell = page.getByRole('button', { name: '通知，2 条未读' });
    await bell.waitFor();
    expect(await badge(page)).toBe('2');

    // 通知: the notice opens in a dialog, marked read.
    await bell.click();
    await page.getByRole('tab', { name: '通知，1 条未读' }).click();
    await page
      .getByRole('list', { name: '最新通知' })
      .getByRole('button', { name: /端到端通知/ })
      .click();
    const shown = page.getByRole('dialog').filter({ hasText: '端到端通知' });
    await shown.locator('.rich-text-content strong', { hasText: '维护' }).waitFor();
    expect(await shown.locator('img[onerror], script').count()).toBe(0);
    await closeDialog(shown);
    await page.getByRole('button', { name: '通知，1 条未读' }).waitFor();
    expect(await badge(page)).toBe('1');

    // 消息: all marked read; the badge goes.
    await page.getByRole('button', { name: '通知，1 条未读' }).click();
    await page.getByRole('tab', { name: '消息，1 条未读' }).click();
    await page
      .getByRole('list', { name: '最新消息' })
      .getByRole('button', { name: /端到端待办/ })
      .waitFor();
    await page.getByRole('button', { name: '全部已读（消息）' }).click();
    await page.getByRole('button', { name: '通知', exact: true }).waitFor();
    expect(await badge(page)).toBe('');
    await page.getByRole('tab', { name: '消息', exact: true }).waitFor();

    // The message center lists both, read.
    await page.getByRole('link', { name: '消息中心' }).click();
    const center = page.getByRole('region', { name: '消息中心' });
    await center.getByRole('row', { name: /端到端待办/ }).waitFor();
    expect(await center.getByRole('row', { name: /端到端/ }).count()).toBe(2);
    expect(await center.getByRole('row', { name: /未读/ }).count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });
});
