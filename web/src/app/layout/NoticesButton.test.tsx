import type { Notice } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { list } from '../../api/desk/notice';
import { queryClient } from '../query-client';
import { clearBrowserState, renderApp } from '../../test/dom';
import { NoticesButton } from './NoticesButton';
import { auditColumns } from '../../test/fixtures';

vi.setConfig({ testTimeout: 40_000 });

const notice = (id: string, title: string, content: string): Notice => ({
  id,
  tenantId: '000000',
  title,
  category: 1,
  releaseTime: `2026-11-0${id} 08:00:00`,
  content,
  ...auditColumns,
});

vi.mock('../../api/desk/notice', () => ({
  list: vi.fn(() =>
    Promise.resolve({
      records: [
        notice(
          '2',
          '停机维护',
          '<p>周日<strong>02:00</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        ),
        notice('1', '新版上线', '<p>欢迎</p>'),
      ],
      total: 2,
      size: 5,
      current: 1,
      pages: 1,
    }),
  ),
}));

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
  clearBrowserState();
});

describe('the notices popover', () => {
  it('loads the latest notices only when opened, and shows one sanitised', async () => {
    renderApp('/', [{ path: '/', element: <NoticesButton /> }]);
    const bell = await screen.findByRole('button', { name: '通知' });
    expect(list).not.toHaveBeenCalled();

    fireEvent.click(bell);
    const latest = await screen.findByRole('list', { name: '最新公告' });
    expect(list).toHaveBeenCalledWith(1, 5, { descs: 'releaseTime' });
    expect(within(latest).getByText('2026-11-02')).toBeTruthy();
    // The placeholders stay.
    expect(screen.getByRole('tab', { name: '邮件' })).toBeTruthy();

    fireEvent.click(within(latest).getByRole('button', { name: /停机维护/ }));
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal');
      if (!found?.textContent?.includes('停机维护')) throw new Error('no notice dialog');
      return found;
    });
    const body = dialog.querySelector('.rich-text-content')!;
    expect(body.querySelector('strong')?.textContent).toBe('02:00');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(body.innerHTML).not.toContain('alert');

    // The notice page saved something (its list key marked out of date): opening asks again.
    await queryClient.invalidateQueries({ queryKey: ['notice', 'list'], refetchType: 'none' });
    fireEvent.click(bell);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });
});
