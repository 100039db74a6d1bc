import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';

// Issue 20: the public BladeX console (Saber 4.9) against this server, replayed in a real browser
// without any of its code: its calls, in its order, with its headers and parameter names. The
// password is encrypted in the page by sm-crypto's browser build (the library Saber bundles) under
// the server's own SM2 public key, read where an operator reads it (DATA_DIR/sm2-key.json; `npm run
// sm2-public-key`). Then the captcha is drawn in an <img> as Saber's form draws it, the sign-in
// uses the captcha grant, and the menus and buttons are read as Saber reads them: a node with a
// `children` array is a branch, so every permission code must arrive on a leaf without one.
const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-bladex-'));
const suite = consoleSuite({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'e2e.db')}` });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SM2_BROWSER_BUILD = createRequire(import.meta.url).resolve('sm-crypto/dist/sm2.js');
/** website.js's clientId:clientSecret, as Saber sends it on every call. */
const SABER_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}
interface SaberNode {
  code?: string;
  name?: string;
  path?: string;
  source?: string;
  children?: SaberNode[];
  hasChildren?: boolean;
}

/** A call from the page, as Saber's axios makes it: Basic client, Blade-Auth once signed in. */
function call<T>(page: Page, method: 'GET' | 'POST', url: string, token?: string): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, url, basic, token }) => {
      const headers: Record<string, string> = { Authorization: basic, 'Tenant-Id': '000000' };
      if (token) headers['Blade-Auth'] = `bearer ${token}`;
      const response = await fetch(url, { method, headers });
      return { ...(await response.json()), status: response.status };
    },
    { method, url, basic: SABER_BASIC, token },
  );
}

/** Saber's permission store: the codes of the leaves, a node with any `children` array a branch. */
function saberPermissionCodes(nodes: readonly SaberNode[]): string[] {
  return nodes.flatMap((node) =>
    Array.isArray(node.children) ? saberPermissionCodes(node.children) : node.code ? [node.code] : [],
  );
}

describe('the BladeX console (Saber 4.9) replayed in the browser', () => {
  it('signs in with an SM2-encrypted password and the captcha, then reads its menus, buttons and users', async () => {
    // Saber is its own site: this console's Content-Security-Policy (no foreign scripts) is not its.
    const context = await suite.running().browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${suite.running().baseUrl}/login`);
    await page.addScriptTag({ path: SM2_BROWSER_BUILD });
    const { publicKey } = JSON.parse(readFileSync(join(dataDir, 'sm2-key.json'), 'utf8')) as {
      publicKey: string;
    };
    expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);

    // The captcha: Saber's form shows data.image in an <img> and asks for 5 characters.
    const solved = suite.running().captchas.next(page);
    const captcha = await call<{ key: string; image: string }>(page, 'GET', '/api/blade-auth/captcha');
    expect(captcha.success).toBe(true);
    const code = await solved;
    expect(code).toHaveLength(5);
    const drawn = await page.evaluate(async (src) => {
      const img = document.createElement('img');
      img.src = src;
      document.body.append(img);
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, captcha.data.image);
    expect(drawn.width).toBeGreaterThan(0);
    expect(drawn.height).toBeGreaterThan(0);

    // The sign-in: src/api/user.js's loginByUsername, every parameter in the query string.
    const signIn = (password: string, captchaCode: string, key: string) =>
      page.evaluate(
        async ({ publicKey, password, captchaCode, key, basic }) => {
          const encrypted = (
            window as unknown as { sm2: { doEncrypt(text: string, key: string, mode: number): string } }
          ).sm2.doEncrypt(password, publicKey, 0);
          const query = new URLSearchParams({
            tenantId: '000000',
            account: 'admin',
            password: encrypted,
            grantType: 'captcha',
            scope: 'all',
            type: 'account',
          });
          const response = await fetch(`/api/blade-auth/token?${query}`, {
            method: 'POST',
            headers: {
              Authorization: basic,
              'Tenant-Id': '000000',
              'Captcha-Key': key,
              'Captcha-Code': captchaCode,
            },
          });
          return { status: response.status, body: await response.json() };
        },
        { publicKey, password, captchaCode, key, basic: SABER_BASIC },
      );
    const wrongCode = code === 'AAAAA' ? 'BBBBB' : 'AAAAA';
    const refused = await signIn('admin', wrongCode, captcha.data.key);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, data: null });

    // A captcha is good for one attempt: a fresh one for the real sign-in.
    const solvedAgain = suite.running().captchas.next(page);
    const fresh = await call<{ key: string; image: string }>(page, 'GET', '/api/blade-auth/captcha');
    const signedIn = await signIn('admin', await solvedAgain, fresh.data.key);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      code: 200,
      success: true,
      data: { account: 'admin', tenantId: '000000', tokenType: 'bearer' },
    });
    const token = (signedIn.body as Envelope<{ accessToken: string }>).data.accessToken;
    expect(token).toBeTruthy();

    // Menus (src/api/system/menu.js getRoutes / getButtons): leaves without children.
    const routes = await call<SaberNode[]>(page, 'GET', '/api/blade-system/menu/routes', token);
    expect(routes.success).toBe(true);
    const system = routes.data.find((node) => node.code === 'system');
    expect(system?.hasChildren).toBe(true);
    const userPage = system?.children?.find((node) => node.code === 'user');
    expect(userPage).toMatchObject({ path: '/system/user', hasChildren: false });
    expect(userPage).not.toHaveProperty('children');
    // Saber draws `<i :class="source">`: an icon-font class, not an antd component name.
    expect(system?.source).toMatch(/^iconfont /);

    const buttons = await call<SaberNode[]>(page, 'GET', '/api/blade-system/menu/buttons', token);
    const codes = saberPermissionCodes(buttons.data);
    expect(codes).toEqual(expect.arrayContaining(['user_add', 'user_edit', 'user_delete', 'role_add']));

    // Users at SpringBlade's path, and the session ends at its logout.
    const users = await call<{ total: number; records: Array<{ account: string }> }>(
      page,
      'GET',
      '/api/blade-system/user/page?current=1&size=10',
      token,
    );
    expect(users.success).toBe(true);
    expect(users.data.records.map((user) => user.account)).toContain('admin');
    expect((await call(page, 'GET', '/api/blade-auth/logout', token)).success).toBe(true);
    const after = await call(page, 'GET', '/api/blade-system/user/page?current=1&size=10', token);
    expect(after.success).toBe(false);
    await context.close();
  });
});
