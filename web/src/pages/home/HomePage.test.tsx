import type { Dashboard } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../api/auth';
import { dashboard } from '../../api/business/dashboard';
import { RequestError } from '../../api/request';
import { getToken, hasSessionCookie, logoutLocal, startSession } from '../../app/session/session-store';
import { changeLanguage } from '../../i18n';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { auditColumns, onePage, tokenAnswer } from '../../test/fixtures';
import type * as AuthModule from '../../api/auth';

// The home page renders inside the whole shell, in jsdom's slow CSS engine.
vi.setConfig({ testTimeout: 60_000 });

// The sample menu with 机器管理: the dashboard shows only to holders of a business page.
const withBusiness = vi.hoisted(() => ({ on: true }));
vi.mock('../../api/system/menu', async () => {
  const menus = await import('../../test/menus');
  const business = menus.menuNode('business', '业务管理', '/business', [
    menus.menuNode('machine', '机器管理', '/business/machine'),
  ]);
  return {
    ...menus.menuApiMock(),
    routes: vi.fn(() =>
      Promise.resolve(withBusiness.on ? [...menus.sampleRoutes(), business] : menus.sampleRoutes()),
    ),
  };
});

vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  fetchCaptcha: () => Promise.resolve({ key: 'k', image: 'data:image/svg+xml;base64,' }),
  logout: vi.fn(),
}));

vi.mock('../../api/business/dashboard', () => ({ dashboard: vi.fn() }));
vi.mock('../../api/desk/notice', () => ({
  list: vi.fn(() =>
    Promise.resolve(
      onePage({
        ...auditColumns,
        id: '1',
        tenantId: '000000',
        title: '本周日凌晨系统维护',
        category: 1,
        releaseTime: '2026-05-03 08:00:00',
        content: null,
      }),
    ),
  ),
}));

/** Thirty days, oldest first: 3 agreed and 1 rejected on the last day, none before. */
const days = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-05-${String(i + 1).padStart(2, '0')}`,
  agreed: i === 29 ? 3 : 0,
  rejected: i === 29 ? 1 : 0,
  agreedAmount: i === 29 ? 4500 : 0,
}));

const fleet = (machines: number): Dashboard => ({
  machines: { total: machines, online: 17, offline: machines - 17, fault: 2 },
  slots: { total: 480, empty: 101, stocked: 250, inUse: 120, fault: 6, locked: 3 },
  refunds: { pending: 7, pendingAmount: 123_450 },
  refundsByDay: days,
  apkVersions: [
    { packageName: 'com.example.cabinet', versionCode: 13, versionName: '1.13.0', machines: 15 },
    { packageName: null, versionCode: null, versionName: null, machines: 5 },
  ],
  generatedAt: '2026-05-30 14:05:09',
});

beforeEach(() => {
  vi.mocked(dashboard).mockResolvedValue(fleet(20));
  vi.mocked(logout).mockResolvedValue(null);
  startSession(tokenAnswer());
});

afterEach(async () => {
  cleanup();
  logoutLocal();
  clearBrowserState();
  await changeLanguage('zh');
});

async function openHome() {
  const view = renderApp('/wel/index');
  // The first test also waits for the page's modules to be transformed: more than a second when the
  // machine is busy.
  await screen.findByRole('heading', { name: '你好，管理员' }, { timeout: 15_000 });
  return view;
}

/** Log out is in the user menu of the top bar: open it, choose the item. */
async function clickLogout() {
  fireEvent.click(screen.getByRole('button', { name: /^(用户菜单|User menu): 管理员$/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: /退出登录|Log out/ }));
}

describe('home page and logging out', () => {
  it('greets the user with the live figures of the dashboard and the latest notices', async () => {
    await openHome();
    const overview = await screen.findByRole('region', { name: '业务概况' });
    expect(await within(overview).findByText('机器总数')).toBeTruthy();
    const figure = (title: string) =>
      within(overview).getByText(title).closest<HTMLElement>('.ant-statistic')!.textContent;
    expect(figure('机器总数')).toBe('机器总数20');
    expect(figure('在线机器')).toBe('在线机器17');
    expect(figure('离线机器')).toBe('离线机器3');
    expect(figure('故障机器')).toBe('故障机器2');
    expect(figure('使用中 / 格口总数')).toBe('使用中 / 格口总数120/ 480');
    expect(within(overview).getByText('占用率 25%')).toBeTruthy();
    expect(figure('待审核笔数')).toBe('待审核笔数7');
    expect(figure('待退金额')).toBe('待退金额¥1,234.50');
    expect(within(overview).getByText('数据更新于 14:05:09，每分钟自动刷新')).toBeTruthy();
    expect(within(overview).getByText('未上报')).toBeTruthy();
    expect(within(overview).getByText('1.13.0')).toBeTruthy();
    // The chart comes after the numbers, from its own module: a titled picture and a table of its numbers.
    expect(
      await within(overview).findByRole('img', { name: '近 30 天退款审核 近 30 天共同意 3 笔、拒绝 1 笔' }),
    ).toBeTruthy();
    const table = within(overview).getByRole('table', { name: '每日审核数' });
    expect(within(table).getByRole('row', { name: '2026-05-30 3 1 ¥45.00' })).toBeTruthy();
    // No demo content any more.
    expect(screen.queryByText(/示例内容/)).toBeNull();
    expect(await screen.findByText('本周日凌晨系统维护')).toBeTruthy();
    // The shortcuts lead to the user's own pages, from the menu.
    expect(await screen.findByRole('button', { name: /参数管理/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /个人信息/ })).toBeTruthy();
  });

  it('shows no dashboard to a user without a business page (the server would refuse its figures)', async () => {
    withBusiness.on = false;
    vi.mocked(dashboard).mockClear();
    try {
      await openHome();
      expect(await screen.findByRole('button', { name: /参数管理/ })).toBeTruthy();
      expect(screen.queryByRole('region', { name: '业务概况' })).toBeNull();
      expect(vi.mocked(dashboard)).not.toHaveBeenCalled();
    } finally {
      withBusiness.on = true;
    }
  });

  it('says so when the tenant has no machines', async () => {
    vi.mocked(dashboard).mockResolvedValue(fleet(0));
    await openHome();
    expect(await screen.findByText('还没有机器')).toBeTruthy();
    expect(screen.queryByText('机器总数')).toBeNull();
  });

  it('offers another try when the dashboard did not load', async () => {
    vi.mocked(dashboard).mockRejectedValueOnce(new RequestError('服务器开小差了', 500));
    await openHome();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('业务数据加载失败')).toBeTruthy();
    expect(within(alert).getByText('服务器开小差了')).toBeTruthy();
    const asked = vi.mocked(dashboard).mock.calls.length;
    fireEvent.click(within(alert).getByRole('button', { name: buttonName('重试') }));
    expect(await screen.findByText('机器总数')).toBeTruthy();
    expect(dashboard).toHaveBeenCalledTimes(asked + 1);
  });

  it('offers no switch of department and role while switch mode is off', async () => {
    await openHome();
    fireEvent.click(screen.getByRole('button', { name: '用户菜单: 管理员' }));
    expect(await screen.findByRole('menuitem', { name: /个人信息/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /切换部门/ })).toBeNull();
  });

  it('asks before logging out and stays signed in on cancel', async () => {
    const { router } = await openHome();
    await clickLogout();
    expect(await screen.findByText('退出系统, 是否继续?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: buttonName('取消') }));
    await waitFor(() => expect(screen.queryByText('退出系统, 是否继续?')).toBeNull());
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(logout).not.toHaveBeenCalled();
    expect(getToken()).toBe('access-1');
  });

  it('asks in English when English is chosen', async () => {
    await changeLanguage('en');
    renderApp('/wel/index');
    await screen.findByRole('heading', { name: 'Hello, 管理员' });
    await clickLogout();
    expect(await screen.findByText('Exit the system, do you want to continue?')).toBeTruthy();
  });

  it('revokes the token on the server, then ends the local session and goes to /login', async () => {
    const { router } = await openHome();
    await clickLogout();
    fireEvent.click(await screen.findByRole('button', { name: buttonName('确定') }));
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeUndefined();
    expect(hasSessionCookie()).toBe(false);
  });

  it('ends the local session even when the server cannot be told', async () => {
    vi.mocked(logout).mockRejectedValue(new Error('Network Error'));
    const { router } = await openHome();
    await clickLogout();
    fireEvent.click(await screen.findByRole('button', { name: buttonName('确定') }));
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeUndefined();
  });
});
