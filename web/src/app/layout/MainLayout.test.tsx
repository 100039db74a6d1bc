import type { MenuNode, TopMenu } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttons, routes, topMenus } from '../../api/system/menu';
import { clearBrowserState, renderApp } from '../../test/dom';
import { auditColumns, tokenAnswer } from '../../test/fixtures';
import { menuNode, sampleRoutes } from '../../test/menus';
import { usePermissions } from '../menu/permission-store';
import { logoutLocal, startSession } from '../session/session-store';

vi.mock('../../api/system/menu', async () => (await import('../../test/menus')).menuApiMock());

// The whole shell renders in jsdom's slow CSS engine.
vi.setConfig({ testTimeout: 60_000 });

const operations: TopMenu = {
  id: '900',
  code: 'operations',
  name: '运维',
  source: 'ToolOutlined',
  sort: 1,
  ...auditColumns,
};

const buttonTree = (): MenuNode[] => [
  {
    ...menuNode('param', '参数管理', '/system/param'),
    category: 2,
    children: [{ ...menuNode('param_add', '新增', '/system/param/add'), category: 2 }],
  },
];

beforeEach(() => {
  startSession(tokenAnswer());
  vi.mocked(topMenus).mockResolvedValue([operations]);
  vi.mocked(buttons).mockResolvedValue(buttonTree());
  // The top menu "运维" holds only its own group.
  vi.mocked(routes).mockImplementation((topMenuId?: string) =>
    Promise.resolve(
      topMenuId === operations.id
        ? [menuNode('monitor', '系统监控', '/monitor', [menuNode('log_api', '接口日志', '/monitor/log/api')])]
        : sampleRoutes(),
    ),
  );
});

afterEach(() => {
  cleanup();
  logoutLocal();
  clearBrowserState();
  vi.restoreAllMocks();
});

async function openHome() {
  const view = renderApp('/wel/index');
  await screen.findByRole('heading', { name: '你好，管理员' });
  return view;
}

const mainMenu = () => screen.getByRole('navigation', { name: '主菜单' });

describe('the main layout', () => {
  it('turns the button tree into permission flags after sign-in', async () => {
    await openHome();
    await waitFor(() => expect(usePermissions.getState().flags).toEqual({ param_add: true }));
  });

  it('offers Home and each top menu; a top menu reloads the sidebar with its part of the menu', async () => {
    const { router } = await openHome();
    const topMenu = await screen.findByRole('navigation', { name: '顶部菜单' });
    expect(await within(mainMenu()).findByRole('menuitem', { name: '系统管理' })).toBeTruthy();

    fireEvent.click(within(topMenu).getByText('运维'));
    expect(await within(mainMenu()).findByRole('menuitem', { name: '系统监控' })).toBeTruthy();
    expect(within(mainMenu()).queryByRole('menuitem', { name: '系统管理' })).toBeNull();
    expect(routes).toHaveBeenCalledWith(operations.id);

    await act(() => router.navigate('/tool/sandbox/index'));
    fireEvent.click(within(topMenu).getByText('首页'));
    expect(await within(mainMenu()).findByRole('menuitem', { name: '系统管理' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/wel/index'));
  });

  it('shows no top menu when the user has none', async () => {
    vi.mocked(topMenus).mockResolvedValue([]);
    await openHome();
    await within(mainMenu()).findByRole('menuitem', { name: '系统管理' });
    expect(screen.queryByRole('navigation', { name: '顶部菜单' })).toBeNull();
  });

  it('keeps a page’s input while another tab is open, and opens a new window for a target query', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = await openHome();
    await act(() => router.navigate('/test/index'));
    const field = await screen.findByRole('textbox', { name: '随便写点什么' });
    fireEvent.change(field, { target: { value: 'still here' } });

    await act(() => router.navigate('/wel/index'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '随便写点什么' })).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: '测试页' }));
    const again = await screen.findByRole('textbox', { name: '随便写点什么' });
    expect((again as HTMLTextAreaElement).value).toBe('still here');

    // `target` opens the page in a new window and leaves the user where they were.
    await act(() => router.navigate('/info/index?target=_blank&x=1'));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/info/index?x=1', '_blank', 'noopener,noreferrer'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/test/index'));
    expect(screen.queryByRole('tab', { name: '个人信息' })).toBeNull();
  });
});
