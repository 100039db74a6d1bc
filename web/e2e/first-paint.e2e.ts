import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';

// The sign-in page is in index.html itself (docs/decisions/0023-login-first-paint.md): /login paints
// before any script ran, and the console then hydrates that markup without a mismatch.
const { running, newPage, signedInPage } = consoleSuite();

/** The console's errors and warnings, from the page's start. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const HYDRATION_PROBLEM =
  /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)/i;

describe('the sign-in page’s first paint', () => {
  it('is in the HTML the server answers for /login, before any script', async () => {
    const { baseUrl } = running();
    const response = await fetch(`${baseUrl}/login`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const root = html.slice(html.indexOf('<div id="root"'));
    // The form, its labelled fields and its button, in the default language.
    expect(root).toMatch(/<form name="login"[^>]*aria-label="登录"/);
    for (const [id, label] of [
      ['login_username', '账号'],
      ['login_password', '密码'],
      ['login_code', '验证码'],
    ]) {
      expect(root).toContain(`<label class="login-label" for="${id}">${label}</label>`);
      expect(root).toContain(`id="${id}"`);
    }
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*>.*登\s?录/s);
    // Its CSS is in the head, and no stylesheet holds the first paint back (the first-load
    // stylesheet's link stays, disabled: it is inlined).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('.login-field');
    expect(head).toContain('.ant-btn');
    const links = head.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(links.filter((link) => !/ disabled>$/.test(link))).toEqual([]);
  });

  it('paints the form with scripts off, and the console hydrates it without a mismatch', async () => {
    const { baseUrl, browser } = running();
    // No JavaScript at all: what the HTML alone shows.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await context.newPage();
      await bare.goto(`${baseUrl}/login`);
      expect(await bare.getByLabel('账号', { exact: true }).isVisible()).toBe(true);
      expect(await bare.getByLabel('密码', { exact: true }).isVisible()).toBe(true);
      expect(await bare.getByLabel('验证码', { exact: true }).isVisible()).toBe(true);
      expect(await bare.getByRole('button', { name: /^登\s?录$/ }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }

    // With motion and with reduced motion (the browser tests' default): antd's theme differs.
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({ reducedMotion });
      try {
        const page = await context.newPage();
        const problems = consoleProblems(page);
        // The form element of the HTML stays the same node through hydration (a fresh render replaces it).
        await page.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            (window as unknown as { firstForm: Element | null }).firstForm = document.querySelector('form');
          });
        });
        await page.goto(`${baseUrl}/login`);
        // Hydrated: the captcha loads after hydration and the page's build-time styles are gone.
        await page.getByRole('img', { name: '验证码图片' }).waitFor();
        await expect.poll(() => page.locator('style[data-prerender-style]').count()).toBe(0);
        expect(
          await page.evaluate(
            () =>
              (window as unknown as { firstForm: Element | null }).firstForm ===
              document.querySelector('form'),
          ),
          reducedMotion,
        ).toBe(true);
        // Typing works in the hydrated form.
        await page.getByLabel('账号', { exact: true }).fill('admin');
        expect(await page.getByLabel('账号', { exact: true }).inputValue()).toBe('admin');
        expect(problems.filter((text) => HYDRATION_PROBLEM.test(text))).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('renders afresh, without the build’s styles, in another language', async () => {
    const { baseUrl } = running();
    const page = await newPage();
    const problems = consoleProblems(page);
    await page.addInitScript(() => {
      localStorage.setItem('saber-language', JSON.stringify({ content: 'en', datetime: Date.now() }));
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Account', { exact: true }).waitFor();
    expect(await page.locator('style[data-prerender-style]').count()).toBe(0);
    expect(problems.filter((text) => HYDRATION_PROBLEM.test(text))).toEqual([]);
  });

  it('never shows the sign-in form elsewhere: the shell’s outline shows until the console has rendered', async () => {
    const page = await signedInPage(undefined, '/info/index');
    // Recorded from the first paint on: was the form ever displayed?
    await page.addInitScript(() => {
      const w = window as unknown as { formShown: boolean; outlineShown: boolean };
      w.formShown = false;
      w.outlineShown = false;
      const check = () => {
        const form = document.querySelector('form[name="login"]');
        if (form && form.getClientRects().length > 0) w.formShown = true;
        const outline = document.getElementById('boot-shell');
        if (outline && outline.getClientRects().length > 0) w.outlineShown = true;
        if (document.readyState !== 'complete' || document.getElementById('boot-shell'))
          requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    // Signed in, /login leads to the home page; the prerendered form must not show on the way.
    await page.goto(`${running().baseUrl}/login`);
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    const seen = await page.evaluate(() => {
      const w = window as unknown as { formShown: boolean; outlineShown: boolean };
      return { formShown: w.formShown, outlineShown: w.outlineShown };
    });
    expect(seen).toEqual({ formShown: false, outlineShown: true });
    expect(await page.locator('#boot-shell').count()).toBe(0);
    expect(await page.locator('html[data-boot-shell]').count()).toBe(0);
  });
});
