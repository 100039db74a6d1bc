import { chromium, type Browser } from 'playwright-core';

/**
 * Which of Debian's Chromium builds to drive (docs/decisions/0027-headless-shell-for-tests.md):
 * - `headless-shell` (`apt-get install chromium-headless-shell`): Chromium's headless-only build,
 *   the same engine without the browser's windows and UI; a test pays about a quarter less CPU
 *   (the browser process alone: a third of its CPU). The tests' browser.
 * - `chromium` (`apt-get install chromium`): the browser a person runs, for the benchmarks, which
 *   measure what a person would see.
 */
export type ChromiumBuild = 'headless-shell' | 'chromium';

const EXECUTABLES: Record<ChromiumBuild, string> = {
  'headless-shell': '/usr/bin/chromium-headless-shell',
  chromium: '/usr/bin/chromium',
};

export interface ChromiumOptions {
  /** The build to launch: the headless shell unless told otherwise. */
  build?: ChromiumBuild;
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

/** Debian's Chromium (see ChromiumBuild): no browser download, works as root in containers. */
export async function launchChromium({
  build = 'headless-shell',
  optimizingCompilers = false,
  reducedMotion = true,
}: ChromiumOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: EXECUTABLES[build],
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
      // every window, so in every test's context: a page nobody sees that took a fifth of the CPU
      // (the full build; the headless shell has no address bar).
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      // One thread for V8's garbage collector instead of helpers on every page: less CPU in all. A
      // young generation of 16 MB from the start instead of growing from 1 MB: fewer scavenges while
      // a page boots (2 files, 6 runs against 4: the machine's CPU 108.5 → 103.6 CPU-s, medians).
      ...(optimizingCompilers
        ? []
        : ['--js-flags=--no-opt --no-maglev --single-threaded-gc --min-semi-space-size=16']),
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
