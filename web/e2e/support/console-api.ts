import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Credentials } from './sign-in.js';

// What several browser test files do besides clicking: call the API with the page's own session
// (to set up what a test is not about), make a staff account, and open a sidebar page.

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Calls the API with the page's own session (the token the console keeps), answering `data`. */
export async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ url, payload }) => {
      const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
      const response = await fetch(url, {
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Basic ${btoa('saber:saber_secret')}`,
          'Blade-Auth': `bearer ${token}`,
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const answer = (await response.json()) as { code: number; data: unknown; msg: string };
      if (answer.code !== 200) throw new Error(`${url} answered ${answer.code}: ${answer.msg}`);
      return answer.data;
    },
    { url: path, payload: body },
  ) as Promise<T>;
}

interface GrantNode {
  id: string;
  title: string;
  children?: GrantNode[];
}

/**
 * A role granted the menu groups named (every page and button under each, e.g. 业务管理), made with
 * the page's administrator session; answers its id.
 */
export async function createRole(page: Page, roleName: string, roleAlias: string, groups: string[]) {
  const role = await api<{ id: string }>(page, '/api/blade-system/role/submit', {
    roleName,
    roleAlias,
    sort: 1,
  });
  const tree = await api<{ menu: GrantNode[] }>(page, '/api/blade-system/menu/grant-tree');
  const idsOf = (node: GrantNode): string[] => [node.id, ...(node.children ?? []).flatMap(idsOf)];
  const menuIds = groups.flatMap((group) => {
    const node = tree.menu.find((candidate) => candidate.title === group);
    if (!node) throw new Error(`no ${group} in the grant tree`);
    return idsOf(node);
  });
  await api(page, '/api/blade-system/role/grant', { roleIds: [role.id], menuIds });
  return role.id;
}

/** An account of the administrator's department with the role given; answers its user id. */
export async function createStaff(
  page: Page,
  credentials: Credentials,
  realName: string,
  roleId: string,
): Promise<string> {
  const me = await api<{ deptId: string }>(page, '/api/blade-user/info');
  const user = await api<{ id: string }>(page, '/api/blade-user/submit', {
    account: credentials.username,
    password: md5(credentials.password),
    password2: md5(credentials.password),
    realName,
    roleId,
    deptId: me.deptId.split(',')[0],
  });
  return user.id;
}

/**
 * Opens a page from the sidebar (its group, then the page: no reload) and answers its region, once
 * at its address.
 */
export async function openMenu(page: Page, group: string, item: string, path: string): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: /主菜单|Main menu/ });
  const entry = nav.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) {
    await nav.getByRole('menuitem', { name: group, exact: true }).click();
    // The submenu opens with an animation (antd's motion classes): click once it is over.
    await entry.waitFor();
    await expect.poll(() => nav.locator('[class*="motion-collapse"]').count()).toBe(0);
  }
  await entry.click();
  await page.waitForURL((url) => url.pathname === path);
  const found = page.getByRole('region', { name: item, exact: true });
  await found.waitFor();
  return found;
}

/**
 * Chooses a row's button: the button itself, or past a row's fourth the item of that name in the
 * row's 更多 menu (the CRUD kit's rule, issue 45).
 */
export async function chooseInMore(page: Page, row: Locator, name: string): Promise<void> {
  const button = row.getByRole('button', { name, exact: true });
  const more = row.getByRole('button', { name: /^(更多|More)$/ });
  await button.or(more).first().waitFor();
  if ((await button.count()) > 0) return button.click();
  await more.click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}
