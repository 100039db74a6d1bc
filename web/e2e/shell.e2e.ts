import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';
import { buttonName } from './support/sign-in.js';
import { closeDialog } from './support/dialog.js';

// The console's shell against the real server: menus from menu/routes, tabs kept alive, themes,
// languages, menu search, the local error log and the screen classes.
const suite = consoleSuite();
const { running } = suite;

const WIDE = { width: 1280, height: 800 };

const newPage = (viewport = WIDE) => suite.newPage(viewport);
const signedInPage = (viewport = WIDE, path?: string) => suite.signedInPage(viewport, path);

const pathOf = (page: Page) => new URL(page.url()).pathname;
const sidebar = (page: Page) => page.getByRole('navigation', { name: /主菜单|Main menu/ });
const shell = (page: Page) => page.locator('[data-screen]');
const tabsBar = (page: Page) => page.getByRole('tablist').first();

/** The labels of the open tabs, in order. */
async function tabLabels(page: Page): Promise<string[]> {
  return (await tabsBar(page).getByRole('tab').allInnerTexts()).map((text) => text.trim());
}

/** The tab element (with its close button) of a label. */
const tabNode = (page: Page, label: string): Locator =>
  page.locator('.ant-tabs-tab').filter({ has: page.getByRole('tab', { name: label, exact: true }) });

/** Opens a page from the sidebar (the group, then the item) and waits for its address and tab. */
async function openMenu(page: Page, group: string, item: string, path: string): Promise<void> {
  const nav = sidebar(page);
  const item$ = nav.getByRole('menuitem', { name: item, exact: true });
  if (!(await item$.isVisible())) {
    await nav.getByRole('menuitem', { name: group, exact: true }).click();
    // The submenu opens with an animation (antd's motion classes): click once it is over.
    await item$.waitFor();
    await expect.poll(() => nav.locator('[class*="motion-collapse"]').count()).toBe(0);
  }
  await item$.click();
  await page.waitForURL((url) => url.pathname === path);
  // The tab comes with the page's first render (a visit left before it rendered gets none).
  await tabsBar(page).getByRole('tab', { name: item, exact: true }).waitFor();
}

const computed = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

describe('menus, pages and tabs', () => {
  it('builds the sidebar from the seeded menus and opens menu pages as tabs titled after them', async () => {
    const { baseUrl } = running();
    const page = await signedInPage();
    const nav = sidebar(page);
    for (const group of ['工作台', '我的事务', '业务管理', '系统监控', '资源管理', '权限管理', '系统管理']) {
      await nav.getByRole('menuitem', { name: group, exact: true }).waitFor();
    }
    await expect.poll(() => tabLabels(page)).toEqual(['首页']);

    await openMenu(page, '系统管理', '参数管理', '/system/param/index');
    await page.waitForURL(`${baseUrl}/system/param/index`);
    await page.getByRole('button', { name: /新\s?增/ }).waitFor(); // the parameter page itself
    await expect.poll(() => page.title()).toBe('参数管理 - 后台管理系统');

    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    await page.waitForURL(`${baseUrl}/system/user/index`);
    await page.getByRole('region', { name: '用户管理' }).waitFor(); // the user page itself
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理', '用户管理']);
    expect(await tabsBar(page).getByRole('tab', { name: '用户管理' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(() => page.title()).toBe('用户管理 - 后台管理系统');

    await tabsBar(page).getByRole('tab', { name: '首页' }).click();
    await page.waitForURL(`${baseUrl}/wel/index`);
    await expect.poll(() => page.title()).toBe('首页 - 后台管理系统');

    // An address outside the menu and the fixed routes is 404; a menu path without its /index, typed
    // or bookmarked, opens that page (issue 45 item 20).
    for (const path of ['/system/nothing/index', '/system/nothing']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByText('抱歉，您访问的页面不存在。').waitFor();
      expect(pathOf(page)).toBe('/404');
    }
    await page.goto(`${baseUrl}/system/param`);
    await page.waitForURL(`${baseUrl}/system/param/index`);
    await page.getByRole('button', { name: /新\s?增/ }).waitFor();
  });

  it('keeps a tab’s page alive: typed text and the scroll position survive switching tabs', async () => {
    const { baseUrl } = running();
    const page = await signedInPage({ width: 1280, height: 480 });
    await page.getByRole('button', { name: '用户菜单: 管理员' }).click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await page.waitForURL(`${baseUrl}/info/index`);
    const realName = page.getByLabel('姓名', { exact: true });
    await realName.fill('Kept alive');
    const main = page.getByRole('main');
    await main.evaluate((element) => (element.scrollTop = 120));
    expect(await main.evaluate((element) => element.scrollTop)).toBe(120);

    await openMenu(page, '系统管理', '参数管理', '/system/param/index');
    await page.waitForURL(`${baseUrl}/system/param/index`);
    await expect.poll(() => realName.isVisible()).toBe(false);
    expect(await main.evaluate((element) => element.scrollTop)).toBe(0);

    await tabsBar(page).getByRole('tab', { name: '个人信息' }).click();
    await page.waitForURL(`${baseUrl}/info/index`);
    expect(await realName.inputValue()).toBe('Kept alive');
    // The position comes back once the page is shown again (after layout).
    await expect.poll(() => main.evaluate((element) => element.scrollTop)).toBe(120);

    // Closing the tab drops the page: opened again, it starts afresh from the server's record.
    // (It was the active tab: the tab before it, home, opens.)
    await tabNode(page, '个人信息').getByRole('button', { name: '关闭' }).click();
    await page.waitForURL(`${baseUrl}/wel/index`);
    await page.getByRole('button', { name: '用户菜单: 管理员' }).click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await expect.poll(() => page.getByLabel('姓名', { exact: true }).inputValue()).toBe('管理员');
  });

  it('closes tabs by the rules: home stays, the previous one opens, close others, close all', async () => {
    const { baseUrl } = running();
    const page = await signedInPage();
    await openMenu(page, '系统管理', '参数管理', '/system/param/index');
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    await openMenu(page, '系统管理', '部门管理', '/system/dept/index');
    await page.waitForURL(`${baseUrl}/system/dept/index`);
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理', '用户管理', '部门管理']);
    // The home tab has no close button; every other tab has one.
    expect(await tabNode(page, '首页').getByRole('button', { name: '关闭' }).count()).toBe(0);
    expect(await tabsBar(page).getByRole('button', { name: '关闭' }).count()).toBe(3);

    // Closing the active tab opens the one before it.
    await tabNode(page, '部门管理').getByRole('button', { name: '关闭' }).click();
    await page.waitForURL(`${baseUrl}/system/user/index`);
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理', '用户管理']);
    // The user page is on screen again before the next step. (Without this wait, close others
    // right after closing a tab lost its navigation about one run in four under CI timing; not
    // yet explained — see the closing note of this change.)
    await page.getByRole('region', { name: '用户管理' }).waitFor();

    // The right-click menu of a tab: close others keeps it and home, and opens it.
    await tabsBar(page).getByRole('tab', { name: '参数管理' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL(`${baseUrl}/system/param/index`);
    await expect.poll(() => tabLabels(page)).toEqual(['首页', '参数管理']);

    // The tabs menu: a search over the open tabs, then close all.
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    await page.getByRole('button', { name: '标签菜单' }).click();
    const search = page.getByRole('searchbox', { name: '搜索已打开的页面' });
    await search.fill('用户');
    const list = page.getByRole('list', { name: '已打开的页面' });
    await expect.poll(() => list.getByRole('button').allInnerTexts()).toEqual(['用户管理']);
    await page.getByRole('button', { name: '关闭全部' }).click();
    await page.waitForURL(`${baseUrl}/wel/index`);
    await expect.poll(() => tabLabels(page)).toEqual(['首页']);
    expect(await tabsBar(page).getByRole('button', { name: '关闭' }).count()).toBe(0);
  });

  it('clears the server’s cache from the tabs menu after asking', async () => {
    const page = await signedInPage();
    // Under load the first click could land while the menu was still settling and open nothing
    // (seen twice in full runs, never alone): the menu is opened again until the question shows.
    const question = page.getByText('是否需要清除缓存?');
    await expect
      .poll(
        async () => {
          if (!(await page.getByRole('button', { name: '清除缓存' }).isVisible()))
            await page.getByRole('button', { name: '标签菜单' }).click();
          await page.getByRole('button', { name: '清除缓存' }).click({ timeout: 3_000 });
          return question.waitFor({ timeout: 3_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const answer = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/clear-cache'),
    );
    await page.getByRole('button', { name: buttonName('确定') }).click();
    expect((await answer).status()).toBe(200);
    await page.getByText('清除完毕').waitFor();
  });

  it('shows an embedded page in a sandboxed frame, tabbed under the name it was given', async () => {
    const { baseUrl } = running();
    const page = await signedInPage();
    const src = `${baseUrl}/404`;
    await page.goto(`${baseUrl}/myiframe/urlPath?src=${encodeURIComponent(src)}&name=Embedded`);
    const frame = page.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(src);
    // A page of the console's own origin gets no access to the console's storage.
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    await expect.poll(() => tabLabels(page)).toContain('Embedded');
    await expect.poll(() => page.title()).toBe('Embedded - 后台管理系统');
  });
});

describe('menu search, language and theme', () => {
  it('finds a page by the start of its name, in either language and any case, by keyboard', async () => {
    const { baseUrl } = running();
    const page = await signedInPage();
    const search = page.getByRole('combobox', { name: '搜索菜单' });
    await search.fill('参数');
    await page.getByRole('option', { name: /参数管理/ }).waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await page.waitForURL(`${baseUrl}/system/param/index`);

    await search.fill('ameters');
    await page.getByText('没有以此开头的菜单').waitFor();

    await page.getByRole('banner').getByText('English').click();
    const english = page.getByRole('combobox', { name: 'Search menus' });
    for (const text of ['PAR', 'par']) {
      await english.fill(text);
      await page.getByRole('option', { name: /Parameters/ }).waitFor();
      expect(await page.getByRole('option').count()).toBe(1);
    }
    await english.fill('Tenant p');
    await page.getByRole('option', { name: /Tenant Packages/ }).waitFor();
    await english.press('ArrowDown');
    await english.press('Enter');
    await page.waitForURL(`${baseUrl}/system/tenantpackage/index`);
    await expect.poll(() => page.title()).toBe('Tenant Packages - Admin Console');
  });

  it('switches menu names, tabs and the document title with the language', async () => {
    const page = await signedInPage();
    await openMenu(page, '系统管理', '参数管理', '/system/param/index');
    await expect.poll(() => page.title()).toBe('参数管理 - 后台管理系统');

    await page.getByRole('banner').getByText('English').click();
    await sidebar(page).getByRole('menuitem', { name: 'System', exact: true }).waitFor();
    await sidebar(page).getByRole('menuitem', { name: 'Parameters', exact: true }).waitFor();
    await expect.poll(() => tabLabels(page)).toEqual(['Home', 'Parameters']);
    await expect.poll(() => page.title()).toBe('Parameters - Admin Console');
    await tabsBar(page).getByRole('tab', { name: 'Home' }).click();
    await expect.poll(() => page.title()).toBe('Home - Admin Console');
    await page.getByRole('heading', { name: 'Hello, 管理员' }).waitFor();

    await page.getByRole('banner').getByText('中文').click();
    await sidebar(page).getByRole('menuitem', { name: '系统管理', exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe('首页 - 后台管理系统');
  });

  it('changes the look with the theme and the colour, remembers them, and the sign-in page shows them', async () => {
    const { baseUrl } = running();
    const page = await signedInPage();
    const aside = page.locator('aside.shell-sider');
    const header = page.getByRole('banner');
    expect(await computed(aside, 'background-color')).toBe('rgb(32, 34, 42)'); // theme-default

    await page.getByRole('button', { name: '主题', exact: true }).click();
    await page.getByRole('radio', { name: /白色主题/ }).check();
    await expect.poll(() => computed(aside, 'background-color')).toBe('rgb(255, 255, 255)');
    // antd's dark algorithm reaches the components too (their styles are static, their variables
    // follow the theme: docs/decisions/0028): the theme popover itself turns dark, and light again.
    const popover = page.locator('.ant-popover-container').filter({ has: page.getByRole('radiogroup') });
    expect(await computed(popover, 'background-color')).toBe('rgb(255, 255, 255)');
    await page.getByRole('radio', { name: /黑色主题/ }).check();
    await expect.poll(() => computed(popover, 'background-color')).toBe('rgb(31, 31, 31)');

    await page.getByRole('radio', { name: /AdminLTE 主题/ }).check();
    await expect.poll(() => computed(aside, 'background-color')).toBe('rgb(34, 45, 50)');
    expect(await computed(header, 'background-color')).toBe('rgb(60, 141, 188)');
    await page.keyboard.press('Escape');

    // The colour picker: a preset becomes the primary colour (the selected tab's text shows it).
    await page.getByRole('button', { name: '主题色' }).click();
    await page
      .locator('.ant-color-picker-presets-color')
      .filter({ has: page.locator('[style*="rgb(245, 34, 45)"]') })
      .first()
      .click();
    const homeTab = tabsBar(page).getByRole('tab', { name: '首页' });
    await expect.poll(() => computed(homeTab, 'color')).toBe('rgb(245, 34, 45)');

    await page.reload();
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    expect(await computed(page.locator('aside.shell-sider'), 'background-color')).toBe('rgb(34, 45, 50)');
    await expect
      .poll(() => computed(tabsBar(page).getByRole('tab', { name: '首页' }), 'color'))
      .toBe('rgb(245, 34, 45)');

    // Signed out, the sign-in page keeps the chosen colour.
    await page.evaluate(() =>
      document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]}=; path=/; max-age=0`)),
    );
    await page.goto(`${baseUrl}/login`);
    const submit = page.getByRole('button', { name: buttonName('登录') });
    await expect.poll(() => computed(submit, 'background-color')).toBe('rgb(245, 34, 45)');
  });
});

describe('motion', () => {
  it('animates dialogs, unless the system asked for reduced motion when the console loaded', async () => {
    const page = await signedInPage();
    // Whether anything on the page animated (an animation or transition that takes time) while the
    // lock dialog opened and closed: antd's zoom and its button wave do unless motion is reduced.
    const animatedWhileOpening = async () => {
      await page.evaluate(() => {
        const watch = { animated: false, watching: true };
        (window as unknown as { motionWatch: typeof watch }).motionWatch = watch;
        const look = () => {
          // A loading spinner turns, and a loading skeleton shimmers, whatever the setting (antd's
          // Spin and Skeleton): one still on screen while a busy machine loads the home page (its
          // dashboard comes once the menus have) is not the motion checked here.
          watch.animated ||= document.getAnimations().some((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            if (target?.closest('.ant-spin, .ant-skeleton')) return false;
            return Number(animation.effect?.getComputedTiming().duration) > 0;
          });
          if (watch.watching) requestAnimationFrame(look);
        };
        look();
      });
      await page.getByRole('button', { name: '锁屏', exact: true }).click();
      await page.getByRole('dialog').getByLabel('锁屏密码').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      return page.evaluate(() => {
        const watch = (window as unknown as { motionWatch: { animated: boolean; watching: boolean } })
          .motionWatch;
        watch.watching = false;
        return watch.animated;
      });
    };

    // The browser tests' contexts report reduced motion (web/e2e/support/browser.ts).
    expect(await animatedWhileOpening()).toBe(false);
    // The setting is read when the console loads (a change of antd's motion mid-session would
    // mount the open pages afresh).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.reload();
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    expect(await animatedWhileOpening()).toBe(true);
  });
});

describe('top bar', () => {
  it('locks the screen from its lock icon once a lock password is set', async () => {
    const { baseUrl } = running();
    const page = await signedInPage();
    await page.getByRole('button', { name: '锁屏', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('锁屏密码').fill('shell lock');
    await dialog.getByLabel('锁屏密码').press('Enter');
    await page.waitForURL(`${baseUrl}/lock`);
    await page.getByText('屏幕已锁定').waitFor();
  });

  it('logs uncaught errors locally: the badge counts them, the dialog lists, uploads and clears them', async () => {
    // Uploading goes through the logout endpoint: a session of its own.
    const page = await suite.signInThroughForm();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom');
      });
    });
    const logButton = page.getByRole('button', { name: '错误日志，1 条' });
    await logButton.waitFor();
    expect(await page.locator('.shell-log-badge .ant-badge-count').innerText()).toBe('1');
    await page.evaluate(() => void Promise.reject(new Error('rejected')));
    await page.getByRole('button', { name: '错误日志，2 条' }).click();

    const dialog = page.getByRole('dialog', { name: '错误日志' });
    await dialog.getByRole('cell', { name: 'boom', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'rejected', exact: true }).waitFor();
    // Each row opens to its source and stack (another entry logged meanwhile must not move it).
    await dialog
      .getByRole('row', { name: /boom/ })
      .getByRole('button', { name: /展开行|Expand row/ })
      .click();
    await dialog
      .getByText('window.onerror', { exact: false })
      .waitFor()
      .catch(async (error: Error) => {
        // Says which entries were there: an error logged by the console itself would show here.
        throw new Error(`${error.message}\nThe dialog held: ${await dialog.textContent()}`);
      });

    // Uploading asks first, stores the entries in the server's usual log, keeps the session and
    // empties the local log.
    await dialog.getByRole('button', { name: '上传服务器' }).click();
    await page.getByText('确定上传本地日志到服务器?').waitFor();
    const upload = page.waitForResponse((response) =>
      response.url().includes('/api/blade-auth/oauth/logout'),
    );
    await page
      .getByRole('button', { name: buttonName('确定') })
      .last()
      .click();
    expect((await upload).status()).toBe(200);
    await page.getByText('发送成功!').waitFor();
    await dialog.getByText('暂无错误日志').waitFor();
    // The server writes its logs in batches (about a second apart): ask until the entry is there.
    const usualLog = () =>
      page.evaluate(async () => {
        const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
        const response = await fetch('/api/blade-log/usual/list?current=1&size=50', {
          headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
        });
        return `${response.status} ${await response.text()}`;
      });
    // 200: the session goes on after the upload.
    await expect.poll(usualLog, { timeout: 10_000 }).toMatch(/^200 .*boom/);
    await closeDialog(dialog);

    // Clearing asks first, then empties the log without sending it.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('again');
      });
    });
    await page.getByRole('button', { name: '错误日志，1 条' }).click();
    await dialog.getByRole('cell', { name: 'again', exact: true }).waitFor();
    await dialog.getByRole('button', { name: '清空本地日志' }).click();
    await page.getByText('确定清空本地日志记录?').waitFor();
    await page
      .getByRole('button', { name: buttonName('确定') })
      .last()
      .click();
    await page.getByText('清空成功!').waitFor();
    await dialog.getByText('暂无错误日志').waitFor();
    await closeDialog(dialog);
    await page.getByRole('button', { name: '错误日志', exact: true }).waitFor();
  });

  it('caps the log badge at 99+', async () => {
    const page = await signedInPage();
    // 150 entries in storage before the console starts again.
    await page.addInitScript(() => {
      const entry = {
        type: 'error',
        message: 'old',
        stack: '',
        info: 'test',
        url: '/',
        time: '2026-01-01 00:00:00',
      };
      localStorage.setItem(
        'saber-logs',
        JSON.stringify({ content: Array(150).fill(entry), datetime: Date.now() }),
      );
    });
    await page.reload();
    await page.getByRole('button', { name: '错误日志，150 条' }).waitFor();
    expect(await page.locator('.shell-log-badge .ant-badge-count').innerText()).toBe('99+');
  });

  it('saves personal info with the checks of the form, and checks the password confirmation', async () => {
    const page = await signedInPage(undefined, '/info/index');
    const phone = page.getByLabel('手机号', { exact: true });
    await phone.fill('123');
    await page.getByRole('button', { name: buttonName('保存') }).click();
    await page.getByText('手机号码长度不为11位').waitFor();
    await phone.fill('12345678901');
    await page.getByText('手机号码格式不正确').waitFor();
    await phone.fill('');
    await page.getByText('手机号码不能为空').waitFor();
    await phone.fill('13800138000');
    await page.getByLabel('昵称', { exact: true }).fill('boss');
    const saved = page.waitForResponse((response) => response.url().includes('/api/blade-user/update-info'));
    await page.getByRole('button', { name: buttonName('保存') }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('操作成功!').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('昵称', { exact: true }).inputValue()).toBe('boss');
    expect(await page.getByLabel('手机号', { exact: true }).inputValue()).toBe('13800138000');

    // An avatar must be jpg or png, checked before anything is sent.
    await page.locator('input[type=file]').setInputFiles({
      name: 'avatar.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await page.getByText('头像只能是 jpg 或 png 格式！').waitFor();

    await page.getByRole('tab', { name: '修改密码' }).click();
    await page.getByLabel('原密码').fill('admin');
    await page.getByLabel('新密码').fill('new secret 1');
    await page.getByLabel('确认密码').fill('new secret 2');
    await page
      .getByRole('button', { name: buttonName('保存') })
      .last()
      .click();
    await page.getByText('两次密码输入不一致').waitFor();
  });
});

describe('screen classes', () => {
  it('reads the class from the width and applies the sidebar’s collapse rule', async () => {
    const { baseUrl } = running();
    const page = await signedInPage();
    const layout = shell(page);
    const mode = () => layout.getAttribute('data-sider');

    // Class 3: the saved setting (expanded), which the toggle changes and remembers.
    expect(await layout.getAttribute('data-screen')).toBe('3');
    expect(await mode()).toBe('expanded');
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(mode).toBe('collapsed');
    await page.reload();
    await expect.poll(mode).toBe('collapsed');
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(mode).toBe('expanded');

    // Class 2: the saved setting too.
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(() => layout.getAttribute('data-screen')).toBe('2');
    expect(await mode()).toBe('expanded');

    // Class 1: starts collapsed; expanded for the moment, it collapses again once a menu is chosen.
    await page.setViewportSize({ width: 800, height: 800 });
    await expect.poll(() => layout.getAttribute('data-screen')).toBe('1');
    await expect.poll(mode).toBe('collapsed');
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(mode).toBe('expanded');
    await openMenu(page, '系统管理', '参数管理', '/system/param/index');
    await page.waitForURL(`${baseUrl}/system/param/index`);
    await expect.poll(mode).toBe('collapsed');

    // Class 0: hidden behind the toggle; the drawer closes once a menu is chosen.
    await page.setViewportSize({ width: 500, height: 800 });
    await expect.poll(() => layout.getAttribute('data-screen')).toBe('0');
    await expect.poll(mode).toBe('drawer-closed');
    expect(await sidebar(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(mode).toBe('drawer-open');
    await sidebar(page).waitFor();
    await openMenu(page, '系统管理', '用户管理', '/system/user/index');
    await page.waitForURL(`${baseUrl}/system/user/index`);
    await expect.poll(mode).toBe('drawer-closed');
    await expect.poll(() => sidebar(page).isVisible()).toBe(false);

    // Back to a wide screen: the saved setting again.
    await page.setViewportSize(WIDE);
    await expect.poll(() => layout.getAttribute('data-screen')).toBe('3');
    await expect.poll(mode).toBe('expanded');
  });
});

describe('downloads', () => {
  it('the sign-in page downloads nothing of the shell; filling in the form starts that download; the CRUD kit comes with the first list page', async () => {
    const { baseUrl, captchas } = running();
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      const name = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) scripts.push(name);
    });
    const code = captchas.next(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('账号', { exact: true }).waitFor();
    const atLogin = [...scripts];
    for (const shellChunk of [
      'signed-in',
      'MenuRouteView',
      'HomePage',
      'UserMenu',
      'info',
      'test',
      'iframe',
      // A page's own library (接口文档's viewer, issue 52) comes with that page only.
      'rapidoc-min',
    ]) {
      expect(atLogin, shellChunk).not.toContain(shellChunk);
    }
    await page.getByLabel('账号', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('admin');
    await page.getByLabel('验证码', { exact: true }).fill(await code);
    // The layout and home page (one chunk) download while the user types, before the form is sent.
    await expect.poll(() => scripts).toContain('signed-in');
    expect(scripts).not.toContain('MenuRouteView');
    await page.getByLabel('验证码', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    // The home page draws without the CRUD kit, which comes in its own chunk with the first list page
    // (a layout module importing the kit's index would pull the kit into the signed-in chunk).
    expect(scripts).not.toContain('crud');
    expect(scripts).not.toContain('rapidoc-min');
    // The menu search's list and the colour picker follow when the browser is idle.
    await expect.poll(() => scripts).toContain('MenuSearchBox');
    await expect.poll(() => scripts).toContain('ColorPickerPopover');
    await page.goto(`${baseUrl}/system/param/index`);
    await expect.poll(() => scripts).toContain('crud');
  });
});
