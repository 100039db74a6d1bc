import { chromium, type Browser } from 'playwright-core';

export interface ChromiumOptions {
  /**
   * V8's optimizing compilers (Maglev, TurboFan), as a person's browser runs them: on for the
   * benchmarks. The tests leave them off: a test's page lives a few seconds, too short for optimized
   * code to repay compiling it, and the browser tests are bound by the machine's two cores
   * (`shell.e2e.ts`: 130 → 107 CPU-seconds). What the page does is the same either way.
   */
  optimizingCompilers?: boolean;
}

/** Debian's Chromium (`apt-get install chromium`): no browser download, works as root in containers. */
export function launchChromium({ optimizingCompilers = false }: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch({
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
      ...(optimizingCompilers ? [] : ['--js-flags=--no-opt --no-maglev']),
    ],
  });
}
