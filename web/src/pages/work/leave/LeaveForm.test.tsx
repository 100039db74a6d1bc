import type { UserOption } from '@console/contract';
import { fireEvent, screen, within } from '@testing-library/react';
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

  it('takes a typed day: the start of that day for the start, its end for the end', async () => {
    vi.mocked(userList).mockResolvedValue([user(self.user_id, '管理员'), user('7', '王审批')]);
    const page = await openForm();
    const start = within(page).getByLabelText('开始时间') as HTMLInputElement;
    const end = within(page).getByLabelText('结束时间') as HTMLInputElement;
    typeMoment(start, '2026-12-10');
    typeMoment(end, '2026-12-12');
    await vi.waitFor(() => expect(start.value).toBe('2026-12-10 00:00:00'));
    await vi.waitFor(() => expect(end.value).toBe('2026-12-12 23:59:59'));
    // The days are counted from them, as from picked moments.
    expect((within(page).getByLabelText('请假天数') as HTMLInputElement).value).toBe('3');
    // A moment typed in full, or to the minute, is kept as typed.
    typeMoment(start, '2026-12-10 09:30');
    await vi.waitFor(() => expect(start.value).toBe('2026-12-10 09:30:00'));
  });
});

/** Types into a moment field as a person does, then leaves it with Enter. */
function typeMoment(input: HTMLInputElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}
