import { useLayoutEffect } from 'react';
import { website } from '../config/website';
import { currentLanguage } from '../i18n';
import { LOGIN_PATH } from './session/guard';
import { useSettings } from './settings/settings-store';

// The sign-in page is rendered at build time into index.html's #root (web/build/prerender-login.ts,
// web/src/prerender.tsx; docs/decisions/0023-login-first-paint.md), so that /login paints from the
// HTML itself. The client hydrates that markup when it would render the same, and otherwise renders
// afresh; index.html's inline script hides the markup before the first paint where it would not be
// shown.

/** #root's attribute holding the state the markup was rendered in (`prerenderKey()`). */
export const PRERENDER_ATTRIBUTE = 'data-prerendered';
/** The `<style>` elements the build inlined for the markup: antd's styles written at build time. */
export const PRERENDER_STYLE_ATTRIBUTE = 'data-prerender-style';
/** <html>'s attribute set by index.html's script when #root's markup is not to be shown (another page, a session). */
export const BOOT_SHELL_ATTRIBUTE = 'data-boot-shell';
/** The neutral outline of the shell shown meanwhile (index.html). */
export const BOOT_SHELL_ID = 'boot-shell';

/**
 * What the sign-in page's markup depends on beyond the build: language, theme and colour (kept in
 * localStorage), and the tenant field (the server's TENANT_MODE). The build renders with none of
 * them stored; a browser whose key differs renders afresh rather than mismatching.
 */
export function prerenderKey(): string {
  const { theme, color } = useSettings.getState();
  return [LOGIN_PATH, currentLanguage(), theme, color, website.tenantMode ? 'tenant' : 'no-tenant'].join('|');
}

export interface FirstRenderInput {
  /** #root's prerendered key, or null when #root holds no prerendered markup. */
  prerendered: string | null;
  pathname: string;
  /** The browser session signed in: the navigation guard leads away from /login. */
  signedIn: boolean;
  /** This browser's `prerenderKey()`. */
  key: string;
}

/** Whether the first render hydrates #root's prerendered markup (else it replaces it). */
export function shouldHydrate({ prerendered, pathname, signedIn, key }: FirstRenderInput): boolean {
  return prerendered !== null && pathname === LOGIN_PATH && !signedIn && prerendered === key;
}

/**
 * The page shows what React rendered: the shell's outline goes, and with it the build's antd styles
 * (antd has written its own by now; left, they would outrank another theme's). Called before the
 * paint (a layout effect) of the first page rendered (RootLayout), or of an error page; then a no-op.
 */
export function revealApp(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.removeAttribute(BOOT_SHELL_ATTRIBUTE);
  document.getElementById(BOOT_SHELL_ID)?.remove();
  document.getElementById('root')?.removeAttribute(PRERENDER_ATTRIBUTE);
  for (const style of document.querySelectorAll(`style[${PRERENDER_STYLE_ATTRIBUTE}]`)) style.remove();
}

/** Renders nothing; its layout effect reveals the app (`revealApp`) once it is committed. */
export function useRevealApp(): void {
  useLayoutEffect(revealApp, []);
}
