// `npm run bench:web`: what the built console costs a browser (docs/benchmarks.md, "Console in the browser").
// Starts the built server (fresh SQLite, captchas in the local Redis) and headless Debian Chromium,
// then measures, each RUNS times in a fresh browser context (empty cache):
//   1. /login: JS and CSS bytes it downloads (raw, and gzip as a server would send them), the HTML
//      document's size, first and largest contentful paint (PerformanceObserver in the page), load
//      event, and the moment the sign-in form can be typed into;
//   2. sign-in: from pressing Enter on the form to an interactive home page (greeting and sidebar
//      menu rendered), and the bytes downloaded for it from the first keystroke (the console
//      preloads the signed-in code while the form is filled in) to a second after; Enter is pressed
//      as soon as the form is filled in (the budget's figure) and, in a second sign-in per run,
//      1.5 s later, as a person typing would (the console also writes antd's styles by then);
//   3. a kit page: the parameter list at 200 rows per page (400 parameters seeded first), turning to
//      page 2: from the list's answer arriving (Resource Timing) to the frame after the rows on
//      screen are the new page's. The kit draws a long page's rows in view and spacers for the rest
//      (decision 0010); how many rows were drawn is recorded too.
// Budgets (issue 4): /login ≤ 180 KB gzip JS+CSS; sign-in to interactive home < 1 s; 200 rows
// rendered < 150 ms. Issue 21: /login's first contentful paint ≤ 200 ms and under half of the load
// event the issue measured when it was filed (440 ms, LOGIN_LOAD_WHEN_FILED_MS), on an idle machine
// (the load average is recorded with the figures). The run's own FCP ÷ load is printed beside it:
// once the whole page loads in ~150 ms, half of that is no longer the bar the issue set. A missed budget is reported (PASS/FAIL), the exit code says whether it ran.
//
// Environment: BENCH_RUNS (default 5), BENCH_CPU_THROTTLE (Chrome's CPU slow-down factor, default 1).

import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { launchChromium } from '../web/e2e/support/browser.js';
import { repoRoot, startServer, type RunningServer } from '../web/e2e/support/server.js';
import { CaptchaSolver, REDIS_URL, uniqueKeyPrefix } from '../web/e2e/support/sign-in.js';

const RUNS = intEnv('BENCH_RUNS', 5, 1, 50);
const CPU_THROTTLE = intEnv('BENCH_CPU_THROTTLE', 1, 1, 20);
const ROWS = 200;
/** A person's pause between starting to fill in the sign-in form and pressing Enter (ms). */
const TYPING_MS = 1500;
const BUDGET = { loginGzipKB: 180, loginFcpMs: 200, signInMs: 1000, rowsRenderMs: 150 };
/** /login's load event when issue 21 was filed (440–457 ms, docs/benchmarks.md): its half is the FCP bar. */
const LOGIN_LOAD_WHEN_FILED_MS = 440;

function intEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

interface Transfer {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

/**
 * Records the JS and CSS the page downloads from now on, until `stop` (which waits for the bodies
 * being read). A body the browser no longer has (the page went on) is left out and counted.
 */
function recordTransfers(page: Page): { transfers: Transfer[]; stop: () => Promise<void> } {
  const transfers: Transfer[] = [];
  const seen = new Set<string>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : undefined;
    // Each file once: the module map may see a file twice (a preload and its import).
    if (!kind || seen.has(url.pathname)) return;
    seen.add(url.pathname);
    pending.push(
      response.body().then(
        (body) => {
          transfers.push({
            url: url.pathname,
            kind,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          });
        },
        () => console.warn(`bench: the body of ${url.pathname} was gone before it could be read`),
      ),
    );
  };
  page.on('response', onResponse);
  return {
    transfers,
    stop: async () => {
      page.off('response', onResponse);
      await Promise.all(pending);
    },
  };
}

const sum = (transfers: Transfer[], key: 'raw' | 'gzip', kind?: Transfer['kind']) =>
  transfers.filter((t) => !kind || t.kind === kind).reduce((total, t) => total + t[key], 0);
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (CPU_THROTTLE > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  }
  return page;
}

async function measureLogin(browser: Browser, baseUrl: string) {
  const page = await newPage(browser);
  const { transfers, stop } = recordTransfers(page);
  await page.goto(`${baseUrl}/login`, { waitUntil: 'load' });
  await page.getByLabel('账号', { exact: true }).waitFor();
  // tsx compiles this file keeping function names, through a helper the page does not have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  const timing = await page.evaluate(async () => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const formReady = performance.now();
    // The page's paint entries so far (buffered): first contentful paint, and the last largest
    // contentful paint candidate (no input yet, so the candidates are not closed).
    const observed = (type: string) =>
      new Promise<PerformanceEntry[]>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          resolve(list.getEntries());
        });
        observer.observe({ type, buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve([]);
        }, 1000);
      });
    const paints = await observed('paint');
    const lcps = await observed('largest-contentful-paint');
    return {
      fcp: paints.find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? NaN,
      lcp: lcps.at(-1)?.startTime ?? NaN,
      load: nav.loadEventEnd,
      formReady,
    };
  });
  await stop();
  await page.context().close();
  return { ...timing, transfers };
}

/** The /login document itself (it holds the page's markup and critical CSS since issue 21). */
async function measureDocument(baseUrl: string) {
  const body = Buffer.from(await (await fetch(`${baseUrl}/login`)).arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/**
 * Sign-in, Enter pressed `typingMs` after the form was filled in: 0 is the budget's figure (the
 * signed-in code may still be downloading); TYPING_MS is closer to a person, who takes seconds to
 * type a password and a captcha, time the console uses to fetch that code and write antd's styles.
 */
async function measureSignIn(browser: Browser, baseUrl: string, captchas: CaptchaSolver, typingMs = 0) {
  const page = await newPage(browser);
  const code = captchas.next(page);
  await page.goto(`${baseUrl}/login`, { waitUntil: 'load' });
  await page.getByLabel('账号', { exact: true }).waitFor();
  // From the first keystroke: the console starts downloading the signed-in code while the form is
  // filled in (load-main-layout.ts), so those bytes belong to signing in.
  const { transfers, stop } = recordTransfers(page);
  await page.getByLabel('账号', { exact: true }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('admin');
  await page.getByLabel('验证码', { exact: true }).fill(await code);
  if (typingMs > 0) await page.waitForTimeout(typingMs);
  const started = await page.evaluate(() => performance.now());
  await page.getByLabel('验证码', { exact: true }).press('Enter');
  // Interactive: the greeting and the sidebar's menu are on screen (both need the server's answers).
  await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
  await page.getByRole('navigation').getByRole('menuitem').first().waitFor();
  const ended = await page.evaluate(() => performance.now());
  // What loads when the browser is idle after that (the search box, the colour picker) counts too.
  await page.waitForTimeout(1000);
  await stop();
  // A copy: the page goes on to the kit page, whose downloads are not the sign-in's.
  return { page, ms: ended - started, transfers: [...transfers] };
}

async function measureRows(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/system/param/index`);
  await page.locator('.ant-table-row').first().waitFor();
  // 200 rows per page (the page-size menu's own work is not measured)...
  await page.locator('.ant-pagination-options .ant-select').click();
  await page.getByRole('option', { name: new RegExp(`^${ROWS}`) }).click();
  // A page this long draws the rows in view and spacers for the rest (decision 0010): the table
  // says how many rows it has (aria-rowcount counts the header row too).
  await page.locator(`table[aria-rowcount="${ROWS + 1}"]`).waitFor();
  // tsx compiles this file keeping function names, through a helper the page does not have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  // ...then page 2: 200 new rows replace 200 rows. Measured from the list's answer (Resource
  // Timing) to the frame after the rows on screen are all the new page's, from the top of the view
  // (or of the rows) to its bottom (or the last row): a MutationObserver in the page checks.
  await page.evaluate((rows) => {
    const body = document.querySelector<HTMLElement>('.ant-table-tbody')!;
    const scroller = document.querySelector<HTMLElement>('.shell-main')!;
    const drawn = () => Array.from(body.querySelectorAll<HTMLElement>('tr.ant-table-row'));
    const before = new Set(drawn().map((row) => row.textContent));
    const screenIsNew = () => {
      const all = drawn();
      if (all.length === 0 || all.some((row) => before.has(row.textContent))) return false;
      const view = scroller.getBoundingClientRect();
      const first = all[0]!;
      const last = all[all.length - 1]!;
      const coversTop =
        first.getBoundingClientRect().top <= view.top || first.getAttribute('aria-rowindex') === '2';
      const coversBottom =
        last.getBoundingClientRect().bottom >= view.bottom ||
        last.getAttribute('aria-rowindex') === String(rows + 1);
      return coversTop && coversBottom;
    };
    const done = new Promise<{ at: number; drawn: number }>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!screenIsNew()) return;
        observer.disconnect();
        const count = drawn().length;
        requestAnimationFrame(() => setTimeout(() => resolve({ at: performance.now(), drawn: count })));
      });
      observer.observe(body, { childList: true, subtree: true, characterData: true });
    });
    (window as unknown as { rowsRendered: Promise<unknown> }).rowsRendered = done;
  }, ROWS);
  const listed = page.waitForResponse(
    (r) => r.url().includes('/param/list') && r.url().includes('current=2'),
  );
  await page.getByRole('listitem', { name: '2' }).click();
  const response = await listed;
  const rendered = await page.evaluate(
    () => (window as unknown as { rowsRendered: Promise<{ at: number; drawn: number }> }).rowsRendered,
  );
  const answered = await page.evaluate(
    (listUrl) =>
      (performance.getEntriesByName(listUrl)[0] as PerformanceResourceTiming | undefined)?.responseEnd,
    response.url(),
  );
  if (answered === undefined) throw new Error('no resource timing for the list call');
  // Drawing rows as they come into view moves work to scrolling: scroll the 200 rows from the top
  // to the end, 200 px a frame (a fast wheel), and record the longest frame.
  const scroll = await page.evaluate(async () => {
    const main = document.querySelector<HTMLElement>('.shell-main')!;
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    main.scrollTo(0, 0);
    await frame();
    let last = await frame();
    let worst = 0;
    let frames = 0;
    let blank = 0;
    const body = document.querySelector<HTMLElement>('.ant-table-tbody')!;
    // A frame is blank when part of the view over the rows shows a spacer instead of rows.
    const covered = () => {
      const all = body.querySelectorAll<HTMLElement>('tr.ant-table-row');
      if (all.length === 0) return false;
      const view = main.getBoundingClientRect();
      const rowsBox = body.getBoundingClientRect();
      const top = Math.max(view.top, rowsBox.top);
      const bottom = Math.min(view.bottom, rowsBox.bottom);
      return (
        all[0]!.getBoundingClientRect().top <= top + 1 &&
        all[all.length - 1]!.getBoundingClientRect().bottom >= bottom - 1
      );
    };
    while (main.scrollTop + main.clientHeight < main.scrollHeight - 1) {
      main.scrollBy(0, 200);
      const now = await frame();
      if (!covered()) blank++;
      worst = Math.max(worst, now - last);
      last = now;
      frames++;
    }
    return { worstFrameMs: worst, frames, blank };
  });
  return { ms: rendered.at - answered, drawn: rendered.drawn, ...scroll };
}

async function seedParams(baseUrl: string): Promise<void> {
  const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
  // The API path the console uses, through the password grant (captcha mode is the console's, not the API's).
  const md5 = (await import('node:crypto')).createHash('md5').update('admin').digest('hex');
  const tokenRes = await fetch(
    `${baseUrl}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5}&grant_type=password&scope=all`,
    { method: 'POST', headers: { Authorization: basic, 'Tenant-Id': '000000' } },
  );
  const token = ((await tokenRes.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error('could not sign in to seed the parameters');
  for (let i = 1; i <= 2 * ROWS; i++) {
    const res = await fetch(`${baseUrl}/api/blade-system/param/submit`, {
      method: 'POST',
      headers: { Authorization: basic, 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        paramName: `基准参数 ${i}`,
        paramKey: `bench.web.${i}`,
        paramValue: `value ${i}`.repeat(4),
      }),
    });
    if (res.status !== 200) throw new Error(`seeding parameter ${i} answered ${res.status}`);
  }
  // The token is dropped with the server: nothing else uses it.
}

async function main(): Promise<void> {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const keyPrefix = uniqueKeyPrefix();
  const captchas = new CaptchaSolver(keyPrefix);
  try {
    server = await startServer({ env: { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix } });
    browser = await launchChromium({ build: 'chromium', optimizingCompilers: true, reducedMotion: false });
    await seedParams(server.baseUrl);

    const loadAverage = { before: os.loadavg().map(round) };
    const loginDocument = await measureDocument(server.baseUrl);
    const logins = [];
    const signIns = [];
    const afterTyping: number[] = [];
    const rows = [];
    for (let run = 0; run < RUNS; run++) {
      logins.push(await measureLogin(browser, server.baseUrl));
      const signIn = await measureSignIn(browser, server.baseUrl, captchas);
      signIns.push(signIn);
      const typed = await measureSignIn(browser, server.baseUrl, captchas, TYPING_MS);
      afterTyping.push(typed.ms);
      await typed.page.context().close();
      rows.push(await measureRows(signIn.page, server.baseUrl));
      await signIn.page.context().close();
    }

    const login = logins[0]!;
    const result = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        // 1, 5 and 15 minutes: the paint figures depend on how busy the machine was.
        loadAverage: { ...loadAverage, after: os.loadavg().map(round) },
      },
      runs: RUNS,
      cpuThrottle: CPU_THROTTLE,
      login: {
        jsKB: { raw: kb(sum(login.transfers, 'raw', 'js')), gzip: kb(sum(login.transfers, 'gzip', 'js')) },
        cssKB: { raw: kb(sum(login.transfers, 'raw', 'css')), gzip: kb(sum(login.transfers, 'gzip', 'css')) },
        totalGzipKB: kb(sum(login.transfers, 'gzip')),
        files: login.transfers.map((t) => ({ url: t.url, rawKB: kb(t.raw), gzipKB: kb(t.gzip) })),
        // Not counted in the budget (JS and CSS): the HTML, with the prerendered form and its CSS.
        documentKB: { raw: kb(loginDocument.raw), gzip: kb(loginDocument.gzip) },
        fcpMs: round(median(logins.map((l) => l.fcp))),
        fcpAllRunsMs: logins.map((l) => round(l.fcp)),
        lcpMs: round(median(logins.map((l) => l.lcp))),
        lcpAllRunsMs: logins.map((l) => round(l.lcp)),
        loadMs: round(median(logins.map((l) => l.load))),
        loadAllRunsMs: logins.map((l) => round(l.load)),
        formReadyMs: round(median(logins.map((l) => l.formReady))),
      },
      signIn: {
        toInteractiveHomeMs: round(median(signIns.map((s) => s.ms))),
        allRunsMs: signIns.map((s) => round(s.ms)),
        afterTypingMs: round(median(afterTyping)),
        afterTypingAllRunsMs: afterTyping.map(round),
        downloadedGzipKB: kb(sum(signIns[0]!.transfers, 'gzip')),
        files: signIns[0]!.transfers.map((t) => ({ url: t.url, rawKB: kb(t.raw), gzipKB: kb(t.gzip) })),
      },
      kitPage: {
        rows: ROWS,
        renderMs: round(median(rows.map((r) => r.ms))),
        allRunsMs: rows.map((r) => round(r.ms)),
        rowsDrawn: rows.map((r) => r.drawn),
        scrollWorstFrameMs: round(median(rows.map((r) => r.worstFrameMs))),
        scrollFrames: rows[0]!.frames,
        scrollBlankFrames: rows.map((r) => r.blank),
      },
    };
    const verdicts = [
      [
        '/login first contentful paint',
        `${result.login.fcpMs} ms`,
        `≤ ${BUDGET.loginFcpMs} ms and < half of the ${LOGIN_LOAD_WHEN_FILED_MS} ms load when filed`,
        result.login.fcpMs <= BUDGET.loginFcpMs && result.login.fcpMs < LOGIN_LOAD_WHEN_FILED_MS / 2,
      ],
      [
        '/login JS+CSS gzip',
        `${result.login.totalGzipKB} KB`,
        `≤ ${BUDGET.loginGzipKB} KB`,
        result.login.totalGzipKB <= BUDGET.loginGzipKB,
      ],
      [
        'sign-in → interactive home',
        `${result.signIn.toInteractiveHomeMs} ms`,
        `< ${BUDGET.signInMs} ms`,
        result.signIn.toInteractiveHomeMs < BUDGET.signInMs,
      ],
      [
        `${ROWS} rows rendered`,
        `${result.kitPage.renderMs} ms`,
        `< ${BUDGET.rowsRenderMs} ms`,
        result.kitPage.renderMs < BUDGET.rowsRenderMs,
      ],
    ] as const;

    console.log(
      `\n/login: JS ${result.login.jsKB.raw} KB (${result.login.jsKB.gzip} KB gzip), CSS ${result.login.cssKB.raw} KB (${result.login.cssKB.gzip} KB gzip)`,
    );
    console.log(
      `/login document: ${result.login.documentKB.raw} KB (${result.login.documentKB.gzip} KB gzip)`,
    );
    console.log(
      `/login: first contentful paint ${result.login.fcpMs} ms, largest contentful paint ${result.login.lcpMs} ms, load ${result.login.loadMs} ms (FCP at ${round((100 * result.login.fcpMs) / result.login.loadMs)} % of it), form ready ${result.login.formReadyMs} ms (medians of ${RUNS})`,
    );
    console.log(
      `/login runs: FCP ${result.login.fcpAllRunsMs.join(', ')}; LCP ${result.login.lcpAllRunsMs.join(', ')}; load ${result.login.loadAllRunsMs.join(', ')} ms`,
    );
    console.log(
      `load average (1, 5, 15 min): ${result.machine.loadAverage.before.join(', ')} before, ${result.machine.loadAverage.after.join(', ')} after`,
    );
    console.log(`sign-in downloads ${result.signIn.downloadedGzipKB} KB gzip more`);
    console.log(
      `sign-in with Enter ${TYPING_MS} ms after the form was filled in: ${result.signIn.afterTypingMs} ms (median; runs ${result.signIn.afterTypingAllRunsMs.join(', ')})`,
    );
    console.log(`${ROWS}-row page: ${result.kitPage.rowsDrawn.join(', ')} rows drawn per run`);
    console.log(
      `scrolling it top to end, 200 px a frame: longest frame ${result.kitPage.scrollWorstFrameMs} ms (median of ${RUNS}; ${result.kitPage.scrollFrames} frames; frames showing a spacer in view, per run: ${result.kitPage.scrollBlankFrames.join(', ')})\n`,
    );
    console.log('| measure | median | budget | verdict |\n|---|---|---|---|');
    for (const [name, value, budget, pass] of verdicts)
      console.log(`| ${name} | ${value} | ${budget} | ${pass ? 'PASS' : 'FAIL'} |`);

    const dir = path.join(repoRoot, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `web-${result.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2));
    console.log(`\nfull result: ${path.relative(repoRoot, file)}`);
  } finally {
    await captchas.close();
    await browser?.close();
    await server?.stop();
  }
}

await main();
