import { OSS_CATEGORY, RESOURCE_STATUS, type Oss } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enable, submit } from '../../../api/resource/oss';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
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
  ...auditColumns,
  status: RESOURCE_STATUS.DISABLED,
};

vi.mock('../../../api/resource/oss', async () => ({
  ...(await import('../../../test/fixtures')).crudApiMock(() => stored),
  // Were a server ever to answer the key, the console must still not show it.
  detail: vi.fn(() => Promise.resolve({ ...stored, secretKey: 'leaked-secret' })),
  enable: vi.fn(() => Promise.resolve(true)),
  putFile: vi.fn(),
}));

const openPage = () =>
  renderPageAt('/resource/oss/index', <OssPage />, { title: '对象存储', showing: 'minio-main' });

beforeEach(() => grantOnly('oss_add', 'oss_edit', 'oss_delete', 'oss_view', 'oss_enable'));

afterEach(resetPageTest);

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
    const dialog = await findDialog('编辑');
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
    const view = await findDialog('查看');
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
