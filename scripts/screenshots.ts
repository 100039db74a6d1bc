// `node --import tsx scripts/screenshots.ts` (after `npm run build`): screenshots of the shell for
// docs/screenshots/ — two themes, both languages — and of every page at 1366×768 and 390×844
// (docs/screenshots/pages/), against the real built server. Needs Debian's
// chromium and, for the Chinese text, fonts-noto-cjk (`apt-get install -y fonts-noto-cjk`).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../web/e2e/support/browser.js';
import { repoRoot, startServer } from '../web/e2e/support/server.js';
import { CaptchaSolver, REDIS_URL, signIn, uniqueKeyPrefix } from '../web/e2e/support/sign-in.js';
import { THEMES, type ThemeName } from '../web/src/app/settings/themes.js';

const SHOTS: Array<{ theme: ThemeName; language: 'zh' | 'en'; page: string; file: string }> = [
  { theme: 'theme-default', language: 'zh', page: '/wel/index', file: 'shell-default-zh.png' },
  { theme: 'theme-dark', language: 'en', page: '/wel/index', file: 'shell-dark-en.png' },
  { theme: 'theme-default', language: 'en', page: '/system/param/index', file: 'param-default-en.png' },
  { theme: 'theme-dark', language: 'zh', page: '/system/param/index', file: 'param-dark-zh.png' },
];

/** The fixed pages (spec §2) besides the menu's, and the two sizes of every page's screenshots. */
const FIXED_PAGES = ['/wel/index', '/info/index', '/dict-horizontal/index', '/dict-vertical/index'];
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

const out = path.join(repoRoot, 'docs/screenshots');
mkdirSync(out, { recursive: true });
const keyPrefix = uniqueKeyPrefix();
const server = await startServer({ env: { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix } });
const browser = await launchChromium({ build: 'chromium' });
const captchas = new CaptchaSolver(keyPrefix);
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 860 } });
    const page = await context.newPage();
    // The settings the console keeps in localStorage ({ content, datetime } under the saber- prefix).
    // No inner functions here: tsx would wrap them in a helper the browser does not have.
    await page.addInitScript(
      (settings) => {
        for (const [name, content] of Object.entries(settings)) {
          localStorage.setItem(`saber-${name}`, JSON.stringify({ content, datetime: Date.now() }));
        }
      },
      { themeName: shot.theme, colorName: THEMES[shot.theme].primary },
    );
    await signIn(page, server.baseUrl, captchas); // the sign-in helper reads the Chinese labels
    await page.evaluate(
      (language) =>
        localStorage.setItem('saber-language', JSON.stringify({ content: language, datetime: Date.now() })),
      shot.language,
    );
    // Two tabs open, the requested one in front.
    await page.goto(`${server.baseUrl}/system/param/index`);
    await page.locator('.ant-table-row').first().waitFor();
    if (shot.page !== '/system/param/index') {
      await page.goto(`${server.baseUrl}${shot.page}`);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500); // menu and chart animations settle
    await page.screenshot({ path: path.join(out, shot.file) });
    await context.close();
    console.log(`docs/screenshots/${shot.file}`);
  }

  // Every page at a laptop's 1366×768 and a phone's 390×844 (issue 22), default theme, Chinese:
  // docs/screenshots/pages/<width>/<path>.png. `--themes-only` skips them.
  if (!process.argv.includes('--themes-only')) await everyPage();
} finally {
  await captchas.close();
  await browser.close();
  await server.stop();
}

interface MenuNode {
  path?: string;
  children?: MenuNode[];
}

/** The console addresses of the menu's pages: a leaf's path plus /index; external pages left out. */
function menuPages(nodes: readonly MenuNode[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.children && node.children.length > 0) menuPages(node.children, into);
    else if (node.path && node.path.startsWith('/')) {
      const path = node.path.replace(/\/+$/, '');
      into.push(path.endsWith('/index') ? path : `${path}/index`);
    }
  }
  return into;
}

async function everyPage(): Promise<void> {
  for (const viewport of SIZES) {
    const dir = path.join(out, 'pages', String(viewport.width));
    mkdirSync(dir, { recursive: true });
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('账号', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(dir, 'login.png') });
    await signIn(page, server.baseUrl, captchas);
    const tree = (await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('saber-token') ?? '{}').content as string;
      const response = await fetch('/api/blade-system/menu/routes', {
        headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
      });
      return ((await response.json()) as { data: unknown }).data;
    })) as MenuNode[];
    const pages = [...new Set([...FIXED_PAGES, ...menuPages(tree)])];
    for (const address of pages) {
      await page.goto(`${server.baseUrl}${address}`);
      await page.waitForLoadState('networkidle');
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      await page.waitForTimeout(300); // menu and chart animations settle
      const file = `${address
        .replace(/^\//, '')
        .replace(/\/index$/, '')
        .replace(/\//g, '-')}.png`;
      await page.screenshot({ path: path.join(dir, file) });
      console.log(`docs/screenshots/pages/${viewport.width}/${file}`);
    }
    await context.close();
  }
}
