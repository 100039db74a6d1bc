// Helpers for the tests of one console page rendered alone in jsdom (the web-unit project's
// environment; the app never imports this): rendering the page, granting its buttons, finding its
// dialogs and messages, and leaving nothing behind for the next test. Answers to mock the api with are in
// ./fixtures, which a vi.mock factory can load.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { usePermissions } from '../app/menu/permission-store';
import { queryClient } from '../app/query-client';
import { changeLanguage } from '../i18n';
import { clearBrowserState, renderApp } from './dom';

/** The user holds exactly these button permissions (none when called without codes). */
export function grantOnly(...codes: string[]): void {
  usePermissions.setState({ flags: Object.fromEntries(codes.map((code) => [code, true] as const)) });
}

/**
 * Renders `page` as the only route, at `path`, and waits for its region titled `title` and, when
 * given, for the text `showing` in it (the first answer has arrived). Returns the region.
 */
export async function renderPageAt(
  path: string,
  page: ReactElement,
  { title, showing }: { title: string; showing?: string },
): Promise<HTMLElement> {
  renderApp(path, [{ path, element: page }]);
  const region = await screen.findByRole('region', { name: title });
  if (showing !== undefined) await within(region).findByText(showing);
  return region;
}

/**
 * The open antd modal titled `title` (a confirmation's title counts), once it is there. Under
 * NODE_ENV=test rc-util's useId answers one fixed id, so a dialog's aria-labelledby can point at
 * another antd part (the pager's input); in a browser ids are unique and
 * `getByRole('dialog', { name })` works. Modals only: a drawer that holds a modal holds its title.
 */
export const findDialog = (title: string): Promise<HTMLElement> =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal[role="dialog"]')].find(
      (dialog) => dialog.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent === title,
    );
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });

/** The texts of the antd messages on screen. */
export const messages = (): (string | null)[] =>
  [...document.querySelectorAll('.ant-message-notice')].map((node) => node.textContent);

/** A table page's toolbar (新增, 批量删除 and the page's own actions). */
export const toolbar = (page: HTMLElement): HTMLElement =>
  page.querySelector<HTMLElement>('[role="toolbar"]')!;

/**
 * For afterEach: unmounts, forgets the cached answers, mock calls and stubbed globals, takes back
 * every permission, speaks Chinese again and clears the browser's storage.
 */
export async function resetPageTest(): Promise<void> {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  grantOnly();
  await changeLanguage('zh');
  clearBrowserState();
}
