import { chromium, type Browser } from 'playwright-core';

export interface ChromiumOptions {
  /**
   * V8's optimizing compilers (Maglev, TurboFan), as a person's browser runs them: on for the
   * benchmarks. The tests leave them off: a test's page lives a few seconds, too short for optimized
   * code to repay compiling it, and the browser tests are bound by the machine's two cores
   * (`shell.e2e.ts`: 130 → 107 CPU-seconds). What the page does is the same either way.
   */
  optimizingCompilers?: boolean;
  /**
   * Every context's pages told that the system asks for reduced motion (`prefers-reduced-motion:
   * reduce`), so the console's dialogs, menus and messages appear without animating (web/src/app/
   * settings/reduced-motion.ts): on for the tests, whose every step waited out animation frames the
   * two cores had to paint. A context (or page: `emulateMedia`) can still ask for motion with
   * `reducedMotion: 'no-preference'`.
   */
  reducedMotion?: boolean;
}

/** Debian's Chromium (`apt-get install chromium`): no browser download, works as root in containers. */
export async function launchChromium({
  optimizingCompilers = false,
  reducedMotion = true,
}: ChromiumOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // Chromium 156 preloads its address bar's popup (a WebUI page with a renderer of its own) in
      // every window, so in every test's context: a page nobody sees that took a fifth of the CPU.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      // One thread for V8's garbage collector instead of helpers on every page: less CPU in all.
      ...(optimizingCompilers ? [] : ['--js-flags=--no-opt --no-maglev --single-threaded-gc']),
    ],
  });
  if (reducedMotion) {
    // Playwright emulates `no-preference` in every context unless told otherwise (a command-line
    // flag loses to it), so the default goes into every context the tests open (newPage opens one
    // through newContext too).
    const newContext = browser.newContext.bind(browser);
    browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  }
  return browser;
}
