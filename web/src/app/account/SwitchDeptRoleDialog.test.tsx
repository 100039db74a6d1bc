import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshToken } from '../../api/auth';
import { RequestError } from '../../api/request';
import { select as selectDepts } from '../../api/system/dept';
import { select as selectRoles } from '../../api/system/role';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import { getToken, logoutLocal, startSession, useSession } from '../session/session-store';
import { SwitchDeptRoleDialog } from './SwitchDeptRoleDialog';
import type * as AuthModule from '../../api/auth';

vi.mock('../../api/system/dept', () => ({
  select: vi.fn(() => Promise.resolve([{ id: 'd1', deptName: '研发部' }])),
}));
vi.mock('../../api/system/role', () => ({
  select: vi.fn(() => Promise.resolve([{ id: 'r1', roleName: '审核员' }])),
}));
vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  refreshToken: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(refreshToken).mockReset();
  logoutLocal();
  clearBrowserState();
});

function renderDialog() {
  const onClose = vi.fn();
  startSession(tokenAnswer());
  const view = renderApp('/here', [
    { path: '/here', element: <SwitchDeptRoleDialog open onClose={onClose} /> },
    { path: '/', element: <p>home</p> },
  ]);
  return { onClose, ...view };
}

/** Opens the select labelled `label` and picks `option`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

describe('switch department/role dialog', () => {
  it('asks for both a department and a role', async () => {
    renderDialog();
    await screen.findByRole('dialog', { name: '切换部门/角色' });
    fireEvent.click(screen.getByRole('button', { name: buttonName('确定') }));
    expect(await screen.findByText('请选择部门')).toBeTruthy();
    expect(await screen.findByText('请选择角色')).toBeTruthy();
    expect(screen.getByLabelText('部门').getAttribute('aria-invalid')).toBe('true');
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('offers the user’s own departments and roles', async () => {
    renderDialog();
    await screen.findByRole('dialog');
    await waitFor(() => expect(selectDepts).toHaveBeenCalledWith());
    expect(selectRoles).toHaveBeenCalledWith();
    await choose('部门', '研发部');
    fireEvent.click(screen.getByRole('button', { name: buttonName('确定') }));
    expect(await screen.findByText('请选择角色')).toBeTruthy();
    expect(screen.queryByText('请选择部门')).toBeNull();
  });

  it('refreshes the token for the chosen ones, replaces the session and goes to /', async () => {
    vi.mocked(refreshToken).mockResolvedValue(
      tokenAnswer({ access_token: 'access-2', refresh_token: 'refresh-2', dept_id: 'd1', role_id: 'r1' }),
    );
    const { onClose, router } = renderDialog();
    await screen.findByRole('dialog');
    await choose('部门', '研发部');
    await choose('角色', '审核员');
    fireEvent.click(screen.getByRole('button', { name: buttonName('确定') }));

    await screen.findByText('home');
    expect(router.state.location.pathname).toBe('/');
    expect(refreshToken).toHaveBeenCalledWith('refresh-1', '000000', { deptId: 'd1', roleId: 'r1' });
    expect(getToken()).toBe('access-2');
    expect(useSession.getState().userInfo).toMatchObject({ dept_id: 'd1', role_id: 'r1' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s reason and keeps the session when the switch is refused', async () => {
    vi.mocked(refreshToken).mockRejectedValue(new RequestError('无权切换到该角色', 400, '无权切换到该角色'));
    const { onClose } = renderDialog();
    await screen.findByRole('dialog');
    await choose('部门', '研发部');
    await choose('角色', '审核员');
    fireEvent.click(screen.getByRole('button', { name: buttonName('确定') }));
    expect((await screen.findByRole('alert')).textContent).toBe('无权切换到该角色');
    expect(getToken()).toBe('access-1');
    expect(onClose).not.toHaveBeenCalled();
  });
});
