import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`): no browser download, works as root in containers. */
export function launchChromium(): Promise<Browser> {
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
    ],
  });
}
