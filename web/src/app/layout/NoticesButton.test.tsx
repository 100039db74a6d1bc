import type { Message, MessageKind, MessageUnreadCount } from '@console/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { list, read, readAll, unreadCount } from '../../api/desk/message';
import { changeLanguage } from '../../i18n';
import { buttonName, renderApp } from '../../test/dom';
import { messageOf, onePage } from '../../test/fixtures';
import { findDialog, resetPageTest } from '../../test/page-test-kit';
import { NoticesButton } from './NoticesButton';
import type * as MessageApi from '../../api/desk/message';

vi.setConfig({ testTimeout: 40_000 });

/** A message sent on the day its id ends with. */
const message = (id: string, kind: MessageKind, title: string, more: Partial<Message> = {}) =>
  messageOf(id, kind, title, { createTime: `2026-12-0${id.slice(-1)} 08:30:00`, ...more });

const counts = (unread: Partial<MessageUnreadCount>): MessageUnreadCount => {
  const byKind = { notice: 0, task: 0, refund: 0, machine: 0, system: 0, ...unread };
  return { ...byKind, total: Object.values(byKind).reduce((sum, count) => sum + count, 0) };
};

/** The user's messages by kind, as the server lists them: newest (largest id) first. */
const inbox: Partial<Record<MessageKind, Message[]>> = {
  notice: [
    message('1000000000000000003', 'notice', '停机维护', {
      body: '<p>周日<strong>02:00</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    }),
    message('1000000000000000001', 'notice', '新版上线', { readTime: '2026-12-02 09:00:00' }),
  ],
  task: [message('1000000000000000004', 'task', '待办：请假审批', { link: '/work/todo/index' })],
  refund: [message('1000000000000000005', 'refund', '退款待审核')],
  // An id one digit shorter is older, whatever its digits.
  machine: [message('900000000000000002', 'machine', '柜机离线')],
};

vi.mock('../../api/desk/message', async (importOriginal) => ({
  ...(await importOriginal<typeof MessageApi>()),
  list: vi.fn(),
  unreadCount: vi.fn(),
  read: vi.fn(() => Promise.resolve(true)),
  readAll: vi.fn(() => Promise.resolve(true)),
}));

beforeEach(() => {
  // As the server answers: the messages of the kinds asked for, newest (the greatest id) first.
  vi.mocked(list).mockImplementation((_current, _size, filters = {}) =>
    Promise.resolve(
      onePage(
        ...String(filters.kinds)
          .split(',')
          .flatMap((kind) => inbox[kind as MessageKind] ?? [])
          .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1)),
      ),
    ),
  );
  vi.mocked(unreadCount).mockResolvedValue(counts({ notice: 1, task: 1, refund: 1, machine: 1 }));
});

afterEach(resetPageTest);

/** The bell alone, with a page for wherever a message or the message center link leads. */
function renderBell() {
  return renderApp('/', [
    { path: '/', element: <NoticesButton /> },
    { path: '*', element: <p>elsewhere</p> },
  ]);
}

const popover = () => document.querySelector<HTMLElement>('.shell-notices')!;
/** The bell's badge: what it shows, and (its title) the count itself while its digits roll. */
const bellBadge = () => {
  const count = document.querySelector('.ant-badge:has(> button) .ant-badge-count');
  return count && { text: count.textContent, title: count.getAttribute('title') };
};

describe('the notification popover', () => {
  it('shows the unread total on the bell, capped at 99+, and each tab’s own count', async () => {
    vi.mocked(unreadCount).mockResolvedValue(counts({ system: 2, task: 90, refund: 8, notice: 20 }));
    renderBell();
    await screen.findByRole('button', { name: '通知，120 条未读' });
    expect(bellBadge()).toEqual({ text: '99+', title: '120' });
    // Nothing is listed before the popover opens.
    expect(list).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '通知，120 条未读' }));
    const tabs = within(await waitFor(popover)).getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    expect(screen.getByRole('tab', { name: '邮件，2 条未读' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '消息，98 条未读' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '通知，20 条未读' })).toBeTruthy();

    await act(() => changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Notifications, 120 unread' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Messages, 98 unread' })).toBeTruthy();
  });

  it('shows no badge and plain tab names when everything is read', async () => {
    vi.mocked(unreadCount).mockResolvedValue(counts({}));
    renderBell();
    await waitFor(() => expect(unreadCount).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    await waitFor(popover);
    expect(bellBadge()).toBeNull();
    expect(screen.getByRole('tab', { name: '消息' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部已读（通知）' }).hasAttribute('disabled')).toBe(true);
  });

  it('lists a tab’s newest messages; a notice opens sanitised in a dialog and is marked read', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: '通知，4 条未读' }));
    const latest = await screen.findByRole('list', { name: '最新通知' });
    expect(list).toHaveBeenCalledWith(1, 10, { kinds: 'notice' });
    // Only the tab shown is listed.
    expect(list).toHaveBeenCalledTimes(1);
    expect(
      within(latest)
        .getAllByRole('button')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['未读：停机维护，2026-12-03 08:30', '新版上线，2026-12-01 08:30']);

    // Opening the popover read the counts again (a message may have come since).
    expect(unreadCount).toHaveBeenCalledTimes(2);
    fireEvent.click(within(latest).getByRole('button', { name: /停机维护/ }));
    expect(read).toHaveBeenCalledWith(['1000000000000000003']);
    const dialog = await findDialog('停机维护');
    const body = dialog.querySelector('.rich-text-content')!;
    expect(body.querySelector('strong')?.textContent).toBe('02:00');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(body.innerHTML).not.toContain('alert');
    // Marked read: every message query is read again, the counts too.
    await waitFor(() => expect(unreadCount).toHaveBeenCalledTimes(3));

    // A message already read is not marked again.
    fireEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    fireEvent.click(screen.getByRole('button', { name: /^通知/ }));
    fireEvent.click(await within(popover()).findByRole('button', { name: /新版上线/ }));
    await findDialog('新版上线');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('lists the 消息 tab’s three kinds newest first, in one call; one with a link opens it', async () => {
    const { router } = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: '通知，4 条未读' }));
    fireEvent.click(await screen.findByRole('tab', { name: '消息，3 条未读' }));
    const latest = await screen.findByRole('list', { name: '最新消息' });
    // One call for the tab's three kinds.
    expect(list).toHaveBeenCalledWith(1, 10, { kinds: 'task,refund,machine' });
    expect(
      within(latest)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['退款待审核2026-12-05 08:30', '待办：请假审批2026-12-04 08:30', '柜机离线2026-12-02 08:30']);

    fireEvent.click(within(latest).getByRole('button', { name: /请假审批/ }));
    expect(read).toHaveBeenCalledWith(['1000000000000000004']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/work/todo/index'));
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });

  it('marks the shown tab’s kinds read, and reads the counts again', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: '通知，4 条未读' }));
    fireEvent.click(await screen.findByRole('tab', { name: '消息，3 条未读' }));
    await screen.findByRole('list', { name: '最新消息' });
    const calls = vi.mocked(unreadCount).mock.calls.length;
    vi.mocked(unreadCount).mockResolvedValue(counts({ notice: 1 }));

    fireEvent.click(screen.getByRole('button', { name: '全部已读（消息）' }));
    expect(readAll).toHaveBeenCalledWith(['task', 'refund', 'machine']);
    await screen.findByRole('tab', { name: '消息' });
    expect(unreadCount).toHaveBeenCalledTimes(calls + 1);
    expect(screen.getByRole('button', { name: '通知，1 条未读' })).toBeTruthy();
    expect(bellBadge()?.title).toBe('1');
  });

  it('says when a tab has no messages, offers another try when its list failed, and links the message center', async () => {
    vi.mocked(unreadCount).mockResolvedValue(counts({ system: 0 }));
    vi.mocked(list).mockRejectedValueOnce(new Error('down'));
    const { router } = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: '通知' }));
    const retry = await within(popover()).findByRole('button', { name: buttonName('重试') });
    expect(within(popover()).getByText('加载失败')).toBeTruthy();
    fireEvent.click(retry);
    await screen.findByRole('list', { name: '最新通知' });

    fireEvent.click(screen.getByRole('tab', { name: '邮件' }));
    await within(popover()).findByText('暂无邮件');
    expect(list).toHaveBeenLastCalledWith(1, 10, { kinds: 'system' });

    fireEvent.click(within(popover()).getByRole('link', { name: '消息中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/desk/message/index'));
  });
});
