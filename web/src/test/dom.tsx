// Helpers for component tests under jsdom (the web-unit project's environment); the app never imports this.
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { ShellProviders } from '../app/ShellProviders';
import { routes } from '../app/router';

// The first render of a lazy page transforms antd's modules on the spot: on a busy machine a test
// can take seconds.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom has no matchMedia, which antd's responsive grid (every Form row) asks on mount.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Nor ResizeObserver, which antd's Select list needs; jsdom lays nothing out, so nothing ever resizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// getComputedStyle is replaced for every jsdom file by ./computed-style.ts (vitest.config.ts).

/**
 * A button's accessible name: antd puts a space between two CJK characters of a button ("提 交"),
 * which screen readers read the same.
 */
export const buttonName = (text: string): RegExp => new RegExp(`^${[...text].join('\\s?')}$`);

/** Renders the console's routes (or the given ones) at `path`, inside the app's providers. */
export function renderApp(path: string, routeObjects: RouteObject[] = routes) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <ShellProviders>
        <RouterProvider router={router} />
      </ShellProviders>
    </AppProviders>,
  );
  return { router, ...view };
}

/** Forgets everything a test may have left in the browser's storage and cookies. */
export function clearBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
