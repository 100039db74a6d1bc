import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseInMore } from './support/console-api.js';
import { closeDialog, confirmOk } from './support/dialog.js';
import { consoleSuite } from './support/suite.js';

// Resources against the real server: the avatar upload of the personal info page (put-avatar,
// which sets it), notices written in the rich-text editor and shown sanitised (security S10) on
// their page, and an attachment upload with its image preview and delete, and
// the tenant's storage quota's refusal in the upload dialog.
const suite = consoleSuite();

const WIDE = { width: 1440, height: 900 };

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Calls the API with the page's own session (the token the console keeps), answering `data`. */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
    const response = await fetch(url, {
      headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
    });
    const body = (await response.json()) as { code: number; data: unknown };
    if (body.code !== 200) throw new Error(`${url} answered ${body.code}`);
    return body.data;
  }, path) as Promise<T>;
}

/** Posts JSON with the page's own session, answering the envelope. */
async function apiPost(page: Page, path: string, body: object): Promise<{ code: number; msg: string }> {
  return page.evaluate(
    async ([url, payload]) => {
      const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('saber:saber_secret')}`,
          'Blade-Auth': `bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(payload),
      });
      return (await response.json()) as { code: number; msg: string };
    },
    [path, body] as const,
  );
}

const dialog = (page: Page) => page.getByRole('dialog');

describe('resources against the real server', () => {
  it('uploads an avatar on the personal info page: stored, saved and shown in the top bar', async () => {
    const page = await suite.signedInPage(WIDE, '/info/index');
    await page.getByRole('button', { name: '上传头像' }).waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('操作成功!').waitFor();

    // The server holds the new link as the user's avatar, and serves the picture there.
    const info = await api<{ avatar: string }>(page, '/api/blade-user/info');
    expect(info.avatar).toMatch(/^\/oss\/local\/000000\/upload\/\d{8}\/[0-9a-f]{32}\.png$/);
    const served = await page.request.get(`${suite.running().baseUrl}${info.avatar}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);

    // The page and the top bar's user menu show it.
    await expect.poll(() => page.getByRole('img', { name: '头像' }).getAttribute('src')).toBe(info.avatar);
    const userMenu = page.getByRole('button', { name: /^用户菜单/ });
    await expect.poll(() => userMenu.locator('img').getAttribute('src')).toBe(info.avatar);

    // A file that is not jpg/png is refused before anything is sent.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: PNG });
    await page.getByText('头像只能是 jpg 或 png 格式！').waitFor();
  });

  it('writes a notice in the rich-text editor; script and handlers never run or appear', async () => {
    const page = await suite.signedInPage(WIDE, '/desk/notice/index');
    await page.getByRole('region', { name: '通知公告' }).waitFor();

    await page.getByRole('button', { name: '新增', exact: true }).click();
    await dialog(page).getByLabel('通知标题').fill('端到端公告');
    await dialog(page).getByLabel('通知类型').click();
    // antd's option list: the visible items (the role=option ones are for screen readers).
    await page.locator('.ant-select-item-option[title="发布通知"]').click();
    await dialog(page).getByLabel('通知日期').fill('2030-01-02T08:30:00');

    const editor = dialog(page).getByRole('textbox', { name: '通知内容' });
    await editor.click();
    await page.keyboard.type('普通文字 ');
    await dialog(page).getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('加粗文字');
    expect(await dialog(page).getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // Pasted HTML with an image whose error handler would run, and a script.
    await editor.evaluate((element) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<p>粘贴<img src="/nowhere.png" onerror="window.__xss = 1"><script>window.__xss = 2</script>' +
          '<a href="javascript:window.__xss=3">链接</a></p>',
      );
      data.setData('text/plain', '粘贴');
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await page.getByText('新增成功').waitFor();
    await dialog(page).waitFor({ state: 'hidden' });

    // What the server stored: the formatting, nothing that runs.
    const stored = await api<{ records: Array<{ id: string; content: string }> }>(
      page,
      '/api/blade-desk/notice/list?title=端到端公告',
    );
    expect(stored.records).toHaveLength(1);
    expect(stored.records[0]!.content).toContain('<strong>加粗文字</strong>');
    expect(stored.records[0]!.content).not.toMatch(/script|onerror|__xss/i);

    // Viewed on the page: rendered, sanitised, nothing ran.
    await page
      .getByRole('row', { name: /端到端公告/ })
      .getByRole('button', { name: '查看' })
      .click();
    const content = dialog(page).getByRole('document', { name: '通知内容' });
    await content.locator('strong', { hasText: '加粗文字' }).waitFor();
    expect(await content.locator('script, img[onerror], a[href^="javascript"]').count()).toBe(0);
    await closeDialog(dialog(page));

    // A notice stored by another client with script in it: the server cleans it, and its page shows
    // it without running anything. (The top bar's popover shows messages; a notice message's body
    // goes through the same sanitiser: web/e2e/messages.e2e.ts.)
    await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
      const response = await fetch('/api/blade-desk/notice/submit', {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('saber:saber_secret')}`,
          'Blade-Auth': `bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          title: '外部公告',
          category: 1,
          releaseTime: '2030-01-03 08:00:00',
          content: '<p>外部<svg onload="window.__xss=4"></svg><img src=x onerror="window.__xss=5"></p>',
        }),
      });
      if (response.status !== 200) throw new Error(`submit answered ${response.status}`);
    });
    await page
      .getByRole('region', { name: '通知公告' })
      .getByRole('button', { name: '刷新', exact: true })
      .click();
    await page
      .getByRole('row', { name: /外部公告/ })
      .getByRole('button', { name: '查看' })
      .click();
    const shown = dialog(page);
    const body = shown.getByRole('document', { name: '通知内容' });
    await body.getByText('外部', { exact: true }).waitFor();
    expect(await body.locator('svg, img[onerror], script').count()).toBe(0);
    await closeDialog(shown);

    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('uploads an attachment, previews the image, and deletes it with its stored file', async () => {
    const page = await suite.signedInPage(WIDE, '/resource/attach/index');
    const region = page.getByRole('region', { name: '附件管理' });
    await region.waitFor();

    await region.getByRole('button', { name: '上传' }).click();
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('上传成功').waitFor();
    // A file whose content is not what its name says is refused with the server's reason.
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('hello') });
    await page.locator('.ant-message').getByText(/png/).waitFor();
    // The tenant's storage quota, lowered to what its files take now: the next file is refused
    // with the server's words (and the quota put back).
    const platform = (
      await api<{ records: Array<{ id: string; tenantName: string; uploadUsed: number }> }>(
        page,
        '/api/blade-system/tenant/list?tenantId=000000',
      )
    ).records[0]!;
    const setQuota = (uploadQuota: number) =>
      apiPost(page, '/api/blade-system/tenant/submit', {
        id: platform.id,
        tenantName: platform.tenantName,
        uploadQuota,
      });
    expect((await setQuota(platform.uploadUsed)).code).toBe(200);
    try {
      await dialog(page)
        .locator('input[type=file]')
        .setInputFiles({ name: 'full.png', mimeType: 'image/png', buffer: PNG });
      await page
        .locator('.ant-message')
        .getByText(/^租户的存储空间不足：已用 .+，配额 .+，本文件 70B。/)
        .waitFor();
    } finally {
      expect((await setQuota(1024 ** 3)).code).toBe(200);
    }
    await closeDialog(dialog(page));

    const row = page.getByRole('row', { name: /scan\.png/ });
    await row.waitFor();
    await row.getByText('70 B').waitFor();
    const link = await row.getByRole('img', { name: 'scan.png' }).getAttribute('src');
    expect(link).toMatch(/^\/oss\/local\/000000\/upload\//);

    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.locator('.ant-image-preview img');
    await preview.first().waitFor();
    expect(await preview.first().getAttribute('src')).toBe(link);
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview').waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '删除' }).click();
    await confirmOk(page);
    await page.getByText('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await page.request.get(`${suite.running().baseUrl}${link}`)).status()).toBe(404);
  });

  it('configures storage and SMS (enable, test upload, test message) and reads the logs', async () => {
    const page = await suite.signedInPage(WIDE, '/resource/oss/index');
    const { baseUrl } = suite.running();

    // Object storage: a local record, enabled, then a test upload through it.
    const oss = page.getByRole('region', { name: '对象存储' });
    await oss.waitFor();
    await oss.getByRole('button', { name: '新增', exact: true }).click();
    await dialog(page).getByLabel('资源编号').fill('local-e2e');
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await page.getByText('新增成功').waitFor();
    const ossRow = oss.getByRole('row', { name: /local-e2e/ });
    await ossRow.getByText('未启用').waitFor();
    // A row's own buttons past the fourth are in its 更多 menu (the kit's rule, issue 45).
    await chooseInMore(page, ossRow, '启用');
    await confirmOk(page);
    await ossRow.getByText('已启用').waitFor();
    expect(await ossRow.getByRole('button', { name: '启用' }).count()).toBe(0);
    await oss.getByRole('button', { name: '上传测试' }).click();
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'probe.png', mimeType: 'image/png', buffer: PNG });
    const result = dialog(page).getByRole('link', { name: /^\/oss\/local\/000000\/upload\// });
    await result.waitFor();
    await closeDialog(dialog(page));

    // SMS: the record-only provider, enabled, and a test message with a parameter.
    await page.goto(`${baseUrl}/resource/sms/index`);
    const sms = page.getByRole('region', { name: '短信配置' });
    await sms.waitFor();
    await sms.getByRole('button', { name: '新增', exact: true }).click();
    await dialog(page).getByLabel('分类').click();
    await page.locator('.ant-select-item-option[title="仅记录（测试）"]').click();
    await dialog(page).getByLabel('资源编号').fill('log-e2e');
    await dialog(page).getByRole('button', { name: '保存' }).click();
    await page.getByText('新增成功').waitFor();
    const smsRow = sms.getByRole('row', { name: /log-e2e/ });
    await chooseInMore(page, smsRow, '发送测试');
    const send = page.getByRole('dialog', { name: /发送测试短信/ });
    await send.getByLabel('手机号').fill('13800000000,123');
    await send.getByRole('button', { name: '添加参数' }).click();
    await send.getByLabel('参数名 1').fill('code');
    await send.getByLabel('参数值 1').fill('1234');
    await send.getByRole('button', { name: '发送' }).click();
    await send.getByText('123: 手机号码长度不为11位').waitFor();
    await send.getByLabel('手机号').fill('13800000000');
    await send.getByRole('button', { name: '发送' }).click();
    await page.getByText('发送成功!').waitFor();
    await send.waitFor({ state: 'hidden' });

    // The usual log holds the message (written in batches: refresh until it shows), with details.
    await page.goto(`${baseUrl}/monitor/log/usual/index`);
    const usual = page.getByRole('region', { name: '通用日志' });
    await usual.waitFor();
    const smsEntry = usual.getByRole('row', { name: /log-e2e/ });
    await expect
      .poll(
        async () => {
          await usual.getByRole('button', { name: '刷新' }).click();
          return smsEntry.count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    await smsEntry.getByRole('button', { name: '查看' }).click();
    const detail = page.getByRole('dialog', { name: '日志详情' });
    const data = detail
      .getByRole('generic', { name: '日志数据' })
      .or(detail.locator('pre[aria-label="日志数据"]'));
    await data.first().waitFor();
    expect(await data.first().textContent()).toContain('log-e2e → 13800000000');
    await closeDialog(detail);

    // The other two logs list read-only, newest first, with no add or delete.
    for (const [path, title] of [
      ['/monitor/log/api/index', '接口日志'],
      ['/monitor/log/error/index', '错误日志'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      const region = page.getByRole('region', { name: title });
      await region.getByRole('columnheader', { name: /创建时间/ }).waitFor();
      expect(await region.getByRole('button', { name: /新增|删除/ }).count()).toBe(0);
    }
  });
});
