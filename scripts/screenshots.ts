// `node --import tsx scripts/screenshots.ts` (after `npm run build`): screenshots of the shell for
// docs/screenshots/ — two themes, both languages — against the real built server. Needs Debian's
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

const out = path.join(repoRoot, 'docs/screenshots');
mkdirSync(out, { recursive: true });
const keyPrefix = uniqueKeyPrefix();
const server = await startServer({ env: { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix } });
const browser = await launchChromium();
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
} finally {
  await captchas.close();
  await browser.close();
  await server.stop();
}
