import type { LogLogin } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as loginLogApi from '../../../../api/monitor/log-login';
import { useSession } from '../../../../app/session/session-store';
import { changeLanguage } from '../../../../i18n';
import { onePage, tokenAnswer } from '../../../../test/fixtures';
import { grantOnly, renderPageAt, resetPageTest } from '../../../../test/page-test-kit';
import LoginLogPage from '.';

// The login log page in jsdom: an antd table page, a few seconds a test on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../../api/monitor/log-login', () => ({
  list: vi.fn(),
  detail: vi.fn(),
  exportSheet: vi.fn(),
  unlock: vi.fn(() => Promise.resolve(true)),
}));

const { access_token, refresh_token, ...platformAdmin } = tokenAnswer();
void access_token;
void refresh_token;

const row = (id: string, changes: Partial<LogLogin>): LogLogin => ({
  id,
  tenantId: '000000',
  account: 'zhang',
  userId: '11',
  outcome: 'success',
  grantType: 'password',
  clientId: 'saber',
  ip: '10.0.0.1',
  browser: 'Chrome 131',
  os: 'Windows 10',
  userAgent: 'Mozilla/5.0',
  createTime: '2026-12-07 10:00:00',
  locked: false,
  ...changes,
});

const rows = [
  row('1', { account: 'zhang', outcome: 'success' }),
  // Locked now, in the caller's tenant: 解锁.
  row('2', { account: 'li', userId: '12', outcome: 'locked', locked: true }),
  // Locked once, no longer.
  row('3', { account: 'wang', userId: '13', outcome: 'locked', locked: false }),
  // Locked now, but in another tenant: the unlock is the tenant's own.
  row('4', { account: 'zhao', userId: '14', tenantId: '200001', outcome: 'locked', locked: true }),
];

async function openPage() {
  useSession.setState({ token: 'access-1', userInfo: platformAdmin });
  vi.mocked(loginLogApi.list).mockResolvedValue(onePage(...rows));
  return renderPageAt('/monitor/log/login/index', <LoginLogPage />, { title: '登录日志', showing: 'zhang' });
}

afterEach(async () => {
  useSession.setState({ token: undefined, userInfo: undefined });
  await resetPageTest();
});

const rowOf = (page: HTMLElement, account: string) =>
  within(page).getByText(account).closest<HTMLElement>('tr')!;

describe('login log page', () => {
  it('shows each outcome in words, and offers 解锁 only where the account is locked now, in the own tenant', async () => {
    grantOnly('log_login_view', 'log_login_unlock');
    const page = await openPage();
    expect(within(rowOf(page, 'zhang')).getByText('登录成功')).toBeTruthy();
    expect(within(rowOf(page, 'li')).getByText('账号已锁定')).toBeTruthy();
    // The platform administrator reads every tenant's rows: the tenant column says whose.
    expect(within(rowOf(page, 'zhao')).getByText('200001')).toBeTruthy();
    const unlockIn = (account: string) =>
      within(rowOf(page, account)).queryByRole('button', { name: '解锁' });
    expect(['zhang', 'li', 'wang', 'zhao'].map((account) => unlockIn(account) !== null)).toEqual([
      false,
      true,
      false,
      false,
    ]);

    fireEvent.click(unlockIn('li')!);
    expect(await screen.findByText('解除该账号的登录锁定？解锁后可立即用正确的密码登录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(loginLogApi.unlock).toHaveBeenCalledWith(['12']));
    expect(await screen.findByText('账号已解锁')).toBeTruthy();

    await changeLanguage('en');
    expect(await within(rowOf(page, 'li')).findByText('Account locked')).toBeTruthy();
  });

  it('shows 解锁 and 导出 only with their codes', async () => {
    grantOnly('log_login_view');
    const page = await openPage();
    expect(within(page).queryByRole('button', { name: '解锁' })).toBeNull();
    expect(within(page).queryByRole('button', { name: '导出' })).toBeNull();
  });
});
