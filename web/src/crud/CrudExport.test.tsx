import type { Page } from '@console/contract';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Files from '../api/files';
import { DownloadCancelled, download, type DownloadedFile } from '../api/files';
import type { QueryParams } from '../api/request';
import { grantOnly, renderPageAt, resetPageTest, toolbar } from '../test/page-test-kit';
import { saveFile } from '../utils/save-file';
import { CrudPage, defineCrud, type CrudApi } from '.';
import '../pages/system/param/locales';

// 导出 of a kit page (issue 52): the button for the holders of the export's permission, the list's
// search and sort, the visible columns in their order with their titles, the progress panel of an
// export that takes more than a second.

vi.setConfig({ testTimeout: 40_000 });

vi.mock('../api/files', async (original) => ({
  ...(await original<typeof Files>()),
  download: vi.fn(),
}));
vi.mock('../utils/save-file', () => ({ saveFile: vi.fn() }));

interface Item {
  id: string;
  paramName: string;
  paramKey: string;
  remark: string | null;
  visibility: number;
}

const ROWS: Item[] = Array.from({ length: 3 }, (_, n) => ({
  id: String(n + 1),
  paramName: `参数${n + 1}`,
  paramKey: `key.${n + 1}`,
  remark: null,
  visibility: 1,
}));

const api: CrudApi<Item, never> = {
  list: (current: number, size: number, filters: QueryParams): Promise<Page<Item>> => {
    const found = ROWS.filter((row) => row.paramName.includes(String(filters.paramName ?? '')));
    return Promise.resolve({ records: found, total: found.length, size, current, pages: 1 });
  },
};

const config = defineCrud<Item, never>({
  name: 'export-item',
  title: 'system.param.title',
  rowTitle: 'paramName',
  api,
  permissions: { view: 'param_view' },
  export: { url: '/api/blade-system/param/export', permission: 'param_export' },
  defaultSort: [{ field: 'paramName', order: 'descend' }],
  columns: [
    { prop: 'paramName', label: 'system.param.paramName', search: true, table: { sort: true } },
    { prop: 'paramKey', label: 'system.param.paramKey' },
    {
      prop: 'visibility',
      label: 'system.param.visibility',
      options: [
        { value: 0, label: 'system.param.visibilities.private' },
        { value: 1, label: 'system.param.visibilities.public' },
      ],
    },
    // Not in the table: not in the export either.
    { prop: 'remark', label: 'system.param.remark', table: false },
  ],
});

const FILE: DownloadedFile = { blob: new Blob(['xlsx']), filename: '参数-20261207.xlsx' };

const renderPage = () =>
  renderPageAt('/params', <CrudPage config={config} />, { title: '参数管理', showing: '参数1' });

beforeEach(() => {
  vi.mocked(download).mockReset();
});
afterEach(async () => {
  vi.mocked(saveFile).mockClear();
  await resetPageTest();
});

describe('a kit page with an export', () => {
  it('offers 导出 only to the holders of its permission', async () => {
    grantOnly('param_view');
    const page = await renderPage();
    expect(within(toolbar(page)).queryByRole('button', { name: '导出' })).toBeNull();
  });

  it("exports the search and sort on screen with the visible columns' props and titles in order", async () => {
    grantOnly('param_view', 'param_export');
    vi.mocked(download).mockResolvedValue(FILE);
    const page = await renderPage();
    const search = within(page).getByRole('form', { name: '搜索条件' });
    fireEvent.change(within(search).getByLabelText('参数名称'), { target: { value: '参数2' } });
    fireEvent.submit(within(search).getByLabelText('参数名称'));
    await waitFor(() => expect(within(page).queryByText('参数1')).toBeNull());

    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(FILE));
    expect(download).toHaveBeenCalledTimes(1);
    const [url, params] = vi.mocked(download).mock.calls[0]!;
    expect(url).toBe('/api/blade-system/param/export');
    expect(params).toMatchObject({
      paramName: '参数2',
      descs: 'paramName',
      columns: 'paramName,paramKey,visibility',
    });
    expect(JSON.parse(String(params!.titles))).toEqual(['参数名称', '参数键名', '可见范围']);
    // The fixed choices' texts as the page shows them.
    expect(JSON.parse(String(params!.labels))).toEqual({ visibility: { '0': '私有', '1': '公开' } });
  });

  it('leaves out a shown column that is not a field of the rows on the server (leaveOut)', async () => {
    grantOnly('param_view', 'param_export');
    vi.mocked(download).mockResolvedValue(FILE);
    const leaving = defineCrud<Item, never>({
      ...config,
      name: 'export-item-leave-out',
      export: { url: '/api/blade-system/param/export', permission: 'param_export', leaveOut: ['paramKey'] },
    });
    const page = await renderPageAt('/params', <CrudPage config={leaving} />, {
      title: '参数管理',
      showing: '参数1',
    });
    // Still on screen, not in the export.
    expect(within(page).getByText('key.1')).toBeTruthy();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(FILE));
    const [, params] = vi.mocked(download).mock.calls[0]!;
    expect(params).toMatchObject({ columns: 'paramName,visibility' });
    expect(JSON.parse(String(params!.titles))).toEqual(['参数名称', '可见范围']);
  });

  it('shows the progress of an export that takes more than a second, and its cancel', async () => {
    grantOnly('param_view', 'param_export');
    let signal: AbortSignal | undefined;
    vi.mocked(download).mockImplementation(
      (_url, _params, options) =>
        new Promise((_resolve, reject) => {
          signal = options?.signal;
          signal?.addEventListener('abort', () => reject(new DownloadCancelled()));
        }),
    );
    const page = await renderPage();
    const exportButton = within(toolbar(page)).getByRole('button', { name: '导出' });
    fireEvent.click(exportButton);
    const panel = await within(page).findByRole('status', { name: '导出进度' }, { timeout: 3000 });
    // The rows the list on screen holds.
    expect(within(panel).getByText('正在生成导出文件（3 行）…')).toBeTruthy();
    act(() => fireEvent.click(within(panel).getByRole('button', { name: '取消导出' })));
    await waitFor(() => expect(within(page).queryByRole('status', { name: '导出进度' })).toBeNull());
    expect(signal?.aborted).toBe(true);
    expect(saveFile).not.toHaveBeenCalled();
  });
});
