import type { Client } from '@console/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submit } from '../../../api/system/client';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
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
  ...auditColumns,
};

vi.mock('../../../api/system/client', async () =>
  (await import('../../../test/fixtures')).crudApiMock(() => stored),
);

beforeEach(() => grantOnly('client_add', 'client_edit', 'client_delete', 'client_view'));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/system/client/index', <ClientPage />, { title: '应用管理', showing: 'saber' });

describe('clients page', () => {
  it('keeps the secret write-only: required to add, never shown, empty on edit keeps it', async () => {
    const page = await openPage();
    expect(within(page).queryByRole('columnheader', { name: '应用密钥' })).toBeNull();

    fireEvent.click(within(page).getByRole('button', { name: '新增' }));
    const add = await findDialog('新增');
    fireEvent.change(within(add).getByLabelText('应用id'), { target: { value: 'app' } });
    fireEvent.click(within(add).getByRole('button', { name: '保存' }));
    expect(await within(add).findByText('请输入应用密钥')).toBeTruthy();
    expect(within(add).getByLabelText('应用密钥').getAttribute('type')).toBe('password');
    fireEvent.click(within(add).getByRole('button', { name: '取消' }));

    fireEvent.click(within(page).getByRole('button', { name: '编辑' }));
    const edit = await findDialog('编辑');
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
