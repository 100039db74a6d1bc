import type { Hospital } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as hospitalApi from '../../../api/business/hospital';
import { RequestError } from '../../../api/request';
import { saveFile } from '../../../utils/save-file';
import { buttonName } from '../../../test/dom';
import { auditColumns, onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import HospitalPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const hospital = (id: string, name: string, region: Partial<Hospital>): Hospital => ({
  id,
  tenantId: '000000',
  hospitalCode: `H00${id}`,
  hospitalName: name,
  level: 1,
  regionCode: null,
  provinceName: null,
  cityName: null,
  districtName: null,
  address: null,
  contactName: null,
  contactPhone: null,
  longitude: null,
  latitude: null,
  remark: null,
  ...auditColumns,
  ...region,
});

vi.mock('../../../api/business/hospital', () => ({
  list: vi.fn(() =>
    Promise.resolve(
      onePage(
        hospital('1', '协和医院', {
          regionCode: '110101',
          provinceName: '北京市',
          cityName: '市辖区',
          districtName: '东城区',
        }),
        hospital('2', '省人民医院', { regionCode: '44', provinceName: '广东省' }),
      ),
    ),
  ),
  detail: vi.fn(),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
  exportSheet: vi.fn(() => Promise.resolve({ blob: new Blob(['x']), filename: '医院.xlsx' })),
  template: vi.fn(),
  importSheet: vi.fn(),
}));
vi.mock('../../../utils/save-file', () => ({ saveFile: vi.fn() }));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() => Promise.resolve([{ dictKey: '1', dictValue: '三级甲等' }])),
}));

beforeEach(() => grantOnly('hospital_add', 'hospital_edit', 'hospital_delete', 'hospital_view'));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/business/hospital/index', <HospitalPage />, { title: '医院管理', showing: '协和医院' });

/** Picks `file` in the page's hidden file input, as the browser's file dialog would. */
const pickFile = (page: HTMLElement, file: File) =>
  fireEvent.change(page.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [file] },
  });

const sheet = (name: string) => new File(['xlsx'], name, { type: 'application/octet-stream' });

describe('hospitals page', () => {
  it('names each hospital’s region from the province down, exports the search; import needs hospital_add', async () => {
    grantOnly('hospital_view');
    const page = await openPage();
    expect(within(page).getByText('北京市 / 市辖区 / 东城区')).toBeTruthy();
    expect(within(page).getByText('广东省')).toBeTruthy();
    expect((await within(page).findAllByText('三级甲等')).length).toBe(2);
    expect(within(toolbar(page)).queryByRole('button', { name: '导入' })).toBeNull();
    expect(within(toolbar(page)).queryByRole('button', { name: '下载模板' })).toBeNull();

    // 导出: the search on screen (none), saved under the server's name.
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导出' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ filename: '医院.xlsx' })),
    );
    expect(hospitalApi.exportSheet).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('imports a sheet, and shows a failed import’s problems row by row in a dialog', async () => {
    const page = await openPage();
    const problems = '第 2 行：请输入医院编码\n第 3 行：所在地区不存在: 999999';
    vi.mocked(hospitalApi.importSheet).mockRejectedValueOnce(new RequestError(problems, 400, problems));
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导入' }));
    pickFile(page, sheet('医院.xlsx'));
    const dialog = await findDialog('导入失败');
    expect(hospitalApi.importSheet).toHaveBeenCalledWith(expect.any(File), '医院.xlsx');
    const rows = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toEqual(['第 2 行：请输入医院编码', '第 3 行：所在地区不存在: 999999']);
    const footer = dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
    fireEvent.click(within(footer).getByRole('button', { name: buttonName('关闭') }));
    await waitFor(() => expect(screen.queryByText('第 2 行：请输入医院编码')).toBeNull());

    // Not an Excel file: nothing is sent.
    pickFile(page, sheet('医院.csv'));
    expect(await screen.findByText('请选择 .xlsx 格式的 Excel 文件')).toBeTruthy();
    expect(hospitalApi.importSheet).toHaveBeenCalledTimes(1);

    // A good sheet: how many rows, and the list again.
    vi.mocked(hospitalApi.importSheet).mockResolvedValueOnce({ imported: 3 });
    const lists = vi.mocked(hospitalApi.list).mock.calls.length;
    pickFile(page, sheet('医院.xlsx'));
    expect(await screen.findByText('导入成功 3 条')).toBeTruthy();
    await waitFor(() => expect(vi.mocked(hospitalApi.list).mock.calls.length).toBeGreaterThan(lists));
  });
});
