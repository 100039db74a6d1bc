import { type Apk, type StoredFile } from '@console/contract';
import { APK_PUBLISH_STATUS } from '@console/contract/business';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as apkApi from '../../../api/business/apk';
import { auditColumns, onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import ApkPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const apk = (id: string, versionCode: number, publishStatus: number): Apk => ({
  id,
  tenantId: '000000',
  appName: '智能柜',
  packageName: 'com.example.cabinet',
  versionName: `1.${versionCode}.0`,
  versionCode,
  attachId: `90${id}`,
  fileUrl: `/files/cabinet-${versionCode}.apk`,
  fileSize: 5_347_737,
  md5: '0cc175b9c0f1b6a831c399e269772661',
  forceUpdate: 0,
  releaseNotes: null,
  publishStatus,
  publishTime: publishStatus === APK_PUBLISH_STATUS.DRAFT ? null : '2026-05-01 10:00:00',
  ...auditColumns,
});

vi.mock('../../../api/business/apk', () => ({
  list: vi.fn(() => Promise.resolve(onePage(apk('1', 12, 0), apk('2', 11, 1)))),
  detail: vi.fn(),
  submit: vi.fn(() => Promise.resolve({})),
  uploadApk: vi.fn(),
}));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() =>
    Promise.resolve([
      { dictKey: '0', dictValue: '草稿' },
      { dictKey: '1', dictValue: '已发布' },
      { dictKey: '2', dictValue: '已撤回' },
    ]),
  ),
}));

beforeEach(() => grantOnly('apk_add', 'apk_edit', 'apk_view', 'apk_publish', 'apk_withdraw'));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/business/apk/index', <ApkPage />, { title: 'APK管理', showing: '1.12.0' });

const rowOf = (page: HTMLElement, versionName: string) =>
  within(page).getByText(versionName).closest<HTMLElement>('tr')!;

describe('apk page', () => {
  it('lists versions with a readable size, and uploads the file with its progress before saving', async () => {
    const page = await openPage();
    expect(within(rowOf(page, '1.12.0')).getByText('5.1 MB')).toBeTruthy();
    expect(within(rowOf(page, '1.12.0')).getByText('草稿')).toBeTruthy();
    expect(within(rowOf(page, '1.11.0')).getByText('已发布')).toBeTruthy();

    let stored!: (file: StoredFile) => void;
    vi.mocked(apkApi.uploadApk).mockImplementation((_file, onProgress) => {
      onProgress(0.4);
      return new Promise((resolve) => {
        stored = resolve;
      });
    });

    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    // Size and md5 are the server's: not asked for when adding.
    expect(within(dialog).queryByLabelText('MD5')).toBeNull();
    expect(within(dialog).queryByLabelText('文件大小')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('应用名称'), { target: { value: '智能柜' } });
    fireEvent.change(within(dialog).getByLabelText('包名'), { target: { value: 'com.example.cabinet' } });
    fireEvent.change(within(dialog).getByLabelText('版本名称'), { target: { value: '1.13.0' } });
    fireEvent.change(within(dialog).getByLabelText('版本号'), { target: { value: '13' } });

    const file = new File(['apk'], 'cabinet-1.13.0.apk', { type: 'application/vnd.android.package-archive' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    const progress = await within(dialog).findByRole('progressbar', { name: '上传进度' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(within(dialog).getByText('正在上传 cabinet-1.13.0.apk')).toBeTruthy();
    expect(vi.mocked(apkApi.uploadApk).mock.calls[0]![0]).toBe(file);

    stored({ attachId: '905', link: '/files/x.apk', domain: '', name: 'x.apk', originalName: file.name });
    expect(await within(dialog).findByText('已上传 cabinet-1.13.0.apk')).toBeTruthy();
    expect(progress.getAttribute('aria-valuenow')).toBe('100');

    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(apkApi.submit).toHaveBeenCalledTimes(1));
    const input = vi.mocked(apkApi.submit).mock.calls[0]![0];
    expect(input).toMatchObject({
      appName: '智能柜',
      packageName: 'com.example.cabinet',
      versionName: '1.13.0',
      versionCode: 13,
      attachId: '905',
      forceUpdate: 0,
    });
    expect(input).not.toHaveProperty('md5');
    expect(input).not.toHaveProperty('fileSize');
    expect(input).not.toHaveProperty('publishStatus');
  });

  it('publishes a draft after asking, and offers withdrawing the published one', async () => {
    const page = await openPage();
    const draft = rowOf(page, '1.12.0');
    const published = rowOf(page, '1.11.0');
    expect(within(draft).queryByRole('button', { name: '撤回' })).toBeNull();
    expect(within(published).queryByRole('button', { name: '发布' })).toBeNull();
    expect(within(published).getByRole('button', { name: '撤回' })).toBeTruthy();

    fireEvent.click(within(draft).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('确定发布该版本? 发布后设备将收到此版本的更新')).toBeTruthy();
    expect(apkApi.submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(apkApi.submit).toHaveBeenCalledWith({
        id: '1',
        appName: '智能柜',
        packageName: 'com.example.cabinet',
        versionName: '1.12.0',
        versionCode: 12,
        attachId: '901',
        forceUpdate: 0,
        releaseNotes: null,
        publishStatus: APK_PUBLISH_STATUS.PUBLISHED,
      }),
    );
    expect(await screen.findByText('发布成功')).toBeTruthy();
  });

  it('keeps a published version’s package, code and file, and shows the size and md5 read-only', async () => {
    vi.mocked(apkApi.detail).mockResolvedValue(apk('2', 11, 1));
    const page = await openPage();
    fireEvent.click(within(rowOf(page, '1.11.0')).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('编辑');
    await within(dialog).findByDisplayValue('1.11.0');
    expect(within(dialog).getByLabelText<HTMLInputElement>('包名').disabled).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>('版本号').disabled).toBe(true);
    // The upload button is the field's control: named by its label, its text says what it does.
    const fileButton = within(dialog).getByLabelText<HTMLButtonElement>('安装包文件');
    expect(fileButton.textContent).toMatch(/更换安装包/);
    expect(fileButton.disabled).toBe(true);
    expect(within(dialog).getByText('已发布过的版本不能修改包名、版本号或文件')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('应用名称').disabled).toBe(false);
    const md5 = within(dialog).getByLabelText<HTMLInputElement>('MD5');
    expect(md5.value).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5.readOnly).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>('文件大小').value).toBe('5.1 MB');
  });
});
