import type { UserOption } from '@console/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userList } from '../../../api/system/user-list';
import { useSession } from '../../../app/session/session-store';
import { changeLanguage } from '../../../i18n';
import { tokenAnswer } from '../../../test/fixtures';
import { renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import LeavePage from '.';

// The leave form in jsdom (antd's form, pickers and select): a few seconds a test on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../api/system/user-list', () => ({ userList: vi.fn() }));
vi.mock('../../../api/flow/leave', () => ({ detail: vi.fn(), startProcess: vi.fn() }));

const { access_token, refresh_token, ...self } = tokenAnswer();
void access_token;
void refresh_token;

const user = (id: string, realName: string): UserOption => ({
  id,
  account: realName,
  name: realName,
  realName,
  deptId: null,
});

const FORM = '/work/process/leave/form/Leave:1:1';

async function openForm(title = '发起请假') {
  useSession.setState({ token: 'access-1', userInfo: self });
  return renderPageAt(FORM, <LeavePage view="form" />, { title });
}

afterEach(async () => {
  useSession.setState({ token: undefined, userInfo: undefined });
  await resetPageTest();
});

describe('leave form', () => {
  it('says when nobody but the applicant can approve, and what to do, in both languages', async () => {
    // A fresh install: the tenant's only user is the applicant (issue 45).
    vi.mocked(userList).mockResolvedValue([user(self.user_id, '管理员')]);
    const page = await openForm();
    expect(await within(page).findByText('没有可选的审批人')).toBeTruthy();
    expect(within(page).getByText(/系统管理 › 用户管理.*npm run demo/)).toBeTruthy();

    await changeLanguage('en');
    expect(await within(page).findByText('No approver to choose')).toBeTruthy();
    expect(within(page).getByText(/System › Users.*npm run demo/)).toBeTruthy();
  });

  it('says nothing of the kind when someone else can approve', async () => {
    vi.mocked(userList).mockResolvedValue([user(self.user_id, '管理员'), user('7', '王审批')]);
    const page = await openForm();
    await vi.waitFor(() => expect(userList).toHaveBeenCalled());
    await screen.findByRole('combobox', { name: '审批人' });
    // The list has arrived (the select no longer loads) and no warning is shown.
    await vi.waitFor(() => expect(page.querySelector('.ant-select-loading')).toBeNull());
    expect(within(page).queryByText('没有可选的审批人')).toBeNull();
  });
});
