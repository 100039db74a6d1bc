// @vitest-environment jsdom
import { OSS_CATEGORY, RESOURCE_STATUS, type Oss } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enable, submit } from '../../../api/resource/oss';
import { usePermissions } from '../../../app/menu/permission-store';
import { queryClient } from '../../../app/query-client';
import { clearBrowserState, renderApp } from '../../../test/dom';
import { settingsInput } from '../shared/settings';
import OssPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 90_000 });

const stored: Oss = {
  id: '5',
  tenantId: '000000',
  category: OSS_CATEGORY.MINIO,
  ossCode: 'minio-main',
  endpoint: 'http://minio:9000',
  accessKey: 'AKIA',
  bucketName: 'console',
  appId: null,
  region: null,
  remark: null,
  createUser: null,
  createDept: null,
  createTime: null,
  updateUser: null,
  updateTime: null,
  status: RESOURCE_STATUS.DISABLED,
  isDeleted: 0,
};

vi.mock('../../../api/resource/oss', () => ({
  list: vi.fn(() => Promise.resolve({ records: [stored], total: 1, size: 10, current: 1, pages: 1 })),
  // Were a server ever to answer the key, the console must still not show it.
  detail: vi.fn(() => Promise.resolve({ ...stored, secretKey: 'leaked-secret' })),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
  enable: vi.fn(() => Promise.resolve(true)),
  putFile: vi.fn(),
}));

const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
      (dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title,
    );
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });

async function openPage() {
  renderApp('/resource/oss/index', [{ path: '/resource/oss/index', element: <OssPage /> }]);
  const page = await screen.findByRole('region', { name: '对象存储' });
  await within(page).findByText('minio-main');
  return page;
}

beforeEach(() =>
  usePermissions.setState({
    flags: { oss_add: true, oss_edit: true, oss_delete: true, oss_view: true, oss_enable: true },
  }),
);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
  usePermissions.setState({ flags: {} });
  clearBrowserState();
});

describe('the secret key is write-only (security S5)', () => {
  it('sends a typed key, and leaves the key out when the field stays empty', () => {
    const row = { ...stored };
    expect(settingsInput({ ossCode: 'a', secretKey: '' }, row)).toEqual({ ossCode: 'a', id: '5' });
    expect(settingsInput({ ossCode: 'a', secretKey: '   ' }, row)).toEqual({ ossCode: 'a', id: '5' });
    expect(settingsInput({ ossCode: 'a', secretKey: 's3cret' }, undefined)).toEqual({
      ossCode: 'a',
      secretKey: 's3cret',
    });
  });

  it('edits with an empty secret field that keeps the stored key', async () => {
    const page = await openPage();
    expect(within(page).queryByRole('columnheader', { name: 'secretKey' })).toBeNull();
    expect(within(page).getByText('未启用')).toBeTruthy();

    fireEvent.click(within(page).getByRole('button', { name: '编辑' }));
    const dialog = await dialogTitled('编辑');
    await within(dialog).findByDisplayValue('minio-main');
    const secret = within(dialog).getByLabelText('secretKey') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('留空则保留已保存的密钥');
    expect(dialog.textContent).not.toContain('leaked-secret');
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(vi.mocked(submit).mock.calls[0]![0]).not.toHaveProperty('secretKey');
    expect(vi.mocked(submit).mock.calls[0]![0]).toMatchObject({ id: '5', ossCode: 'minio-main' });
  });

  it('views without a secret field', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '查看' }));
    const view = await dialogTitled('查看');
    await within(view).findByDisplayValue('minio-main');
    expect(within(view).queryByLabelText('secretKey')).toBeNull();
    expect(view.textContent).not.toContain('leaked-secret');
  });

  it('enables a record after a confirmation', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '启用' }));
    expect(await screen.findByText('确定启用这条配置? 同一租户的其他配置将被停用')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(enable).toHaveBeenCalledWith('5'));
    expect(await screen.findByText('操作成功!')).toBeTruthy();
  });
});
