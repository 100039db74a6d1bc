// @vitest-environment jsdom
import type { Client } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submit } from '../../../api/system/client';
import { usePermissions } from '../../../app/menu/permission-store';
import { queryClient } from '../../../app/query-client';
import { clearBrowserState, renderApp } from '../../../test/dom';
import ClientPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const stored: Client = {
  id: '5',
  clientId: 'saber',
  resourceIds: null,
  scope: 'all',
  authorizedGrantTypes: 'refresh_token,password',
  webServerRedirectUri: null,
  authorities: null,
  accessTokenValidity: 3600,
  refreshTokenValidity: 604800,
  additionalInformation: null,
  autoapprove: null,
  createUser: null,
  createDept: null,
  createTime: null,
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
};

vi.mock('../../../api/system/client', () => ({
  list: vi.fn(() => Promise.resolve({ records: [stored], total: 1, size: 10, current: 1, pages: 1 })),
  detail: vi.fn(() => Promise.resolve(stored)),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
}));

const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
      (dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title,
    );
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });

beforeEach(() =>
  usePermissions.setState({
    flags: { client_add: true, client_edit: true, client_delete: true, client_view: true },
  }),
);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
  usePermissions.setState({ flags: {} });
  clearBrowserState();
});

async function openPage() {
  renderApp('/system/client/index', [{ path: '/system/client/index', element: <ClientPage /> }]);
  const page = await screen.findByRole('region', { name: '应用管理' });
  await within(page).findByText('saber');
  return page;
}

describe('clients page', () => {
  it('keeps the secret write-only: required to add, never shown, empty on edit keeps it', async () => {
    const page = await openPage();
    expect(within(page).queryByRole('columnheader', { name: '应用密钥' })).toBeNull();

    fireEvent.click(within(page).getByRole('button', { name: '新增' }));
    const add = await dialogTitled('新增');
    fireEvent.change(within(add).getByLabelText('应用id'), { target: { value: 'app' } });
    fireEvent.click(within(add).getByRole('button', { name: '保存' }));
    expect(await within(add).findByText('请输入应用密钥')).toBeTruthy();
    expect(within(add).getByLabelText('应用密钥').getAttribute('type')).toBe('password');
    fireEvent.click(within(add).getByRole('button', { name: '取消' }));

    fireEvent.click(within(page).getByRole('button', { name: '编辑' }));
    const edit = await dialogTitled('编辑');
    await within(edit).findByDisplayValue('saber');
    const secret = within(edit).getByLabelText('应用密钥') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.getAttribute('placeholder')).toBe('留空则不修改');
    fireEvent.click(within(edit).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    const sent = vi.mocked(submit).mock.lastCall![0];
    expect(sent).toMatchObject({
      id: '5',
      clientId: 'saber',
      authorizedGrantTypes: 'refresh_token,password',
    });
    expect(sent.clientSecret ?? '').toBe('');
  });
});
