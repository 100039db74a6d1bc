import type { Hospital } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as hospitalApi from '../../../api/business/hospital';
import type * as Files from '../../../api/files';
import { download } from '../../../api/files';
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
  maintainerId: null,
  maintainerName: null,
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
        hospital('2', '省人民医院', {
          regionCode: '44',
          provinceName: '广东省',
          maintainerId: '7',
          maintainerName: '王维修',
        }),
      ),
    ),
  ),
  detail: vi.fn(),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
  imports: { template: vi.fn(), check: vi.fn(), commit: vi.fn(), reportSheet: vi.fn() },
}));
vi.mock('../../../api/files', async (original) => ({
  ...(await original<typeof Files>()),
  download: vi.fn(() => Promise.resolve({ blob: new Blob(['x']), filename: '医院.xlsx' })),
}));
vi.mock('../../../utils/save-file', () => ({ saveFile: vi.fn() }));
vi.mock('../../../api/system/user-list', () => ({
  userList: vi.fn(() =>
    Promise.resolve([
      { id: '7', account: 'wang', name: '王工', realName: '王维修', deptId: null },
      { id: '8', account: 'li', name: '李工', realName: '李维修', deptId: null },
    ]),
  ),
}));
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
  it('shows each hospital’s maintainer by name and sets it with the user picker; cleared, it is sent as none', async () => {
    // The dialog reads the record first (the row as listed).
    vi.mocked(hospitalApi.detail).mockImplementation(async (id) =>
      id === '1'
        ? hospital('1', '协和医院', {})
        : hospital('2', '省人民医院', { maintainerId: '7', maintainerName: '王维修' }),
    );
    const page = await openPage();
    expect(within(page).getByText('王维修')).toBeTruthy();
    const editRow = async (name: string) => {
      const row = within(page).getByText(name).closest<HTMLElement>('tr')!;
      fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
      const dialog = await findDialog('编辑');
      await within(dialog).findByLabelText('维修人员');
      return dialog;
    };
    const save = async (dialog: HTMLElement) => {
      fireEvent.click(within(dialog).getByRole('button', { name: buttonName('修改') }));
      await waitFor(() => expect(hospitalApi.submit).toHaveBeenCalled());
      return vi.mocked(hospitalApi.submit).mock.calls.at(-1)![0];
    };

    // 协和医院 has none: 李维修 chosen in the picker.
    const first = await editRow('协和医院');
    fireEvent.mouseDown(within(first).getByLabelText('维修人员'));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="李维修"]');
      if (!found) throw new Error('no option 李维修');
      return found;
    });
    fireEvent.click(option);
    expect(await save(first)).toMatchObject({ id: '1', maintainerId: '8' });
    await waitFor(() => expect(screen.queryByText('李维修')).toBeNull());

    // 省人民医院's maintainer cleared: sent as null (none), not left out (which keeps it).
    vi.mocked(hospitalApi.submit).mockClear();
    const second = await editRow('省人民医院');
    expect(within(second).getByText('王维修')).toBeTruthy();
    const clear = second.querySelector<HTMLElement>('.ant-select-clear');
    fireEvent.mouseDown(clear!);
    fireEvent.click(clear!);
    expect(await save(second)).toMatchObject({ id: '2', maintainerId: null });
  });

  it('names each hospital’s region from the province down, exports the search; import needs hospital_add', async () => {
    grantOnly('hospital_view');
    const withoutExport = await openPage();
    // 导出 is the export button's holders' (hospital_export).
    expect(within(toolbar(withoutExport)).queryByRole('button', { name: '导出' })).toBeNull();
    await resetPageTest();
    grantOnly('hospital_view', 'hospital_export');
    const page = await openPage();
    expect(within(page).getByText('北京市 / 市辖区 / 东城区')).toBeTruthy();
    expect(within(page).getByText('广东省')).toBeTruthy();
    expect((await within(page).findAllByText('三级甲等')).length).toBe(2);
    expect(within(toolbar(page)).queryByRole('button', { name: '导入' })).toBeNull();
    expect(within(toolbar(page)).queryByRole('button', { name: '下载模板' })).toBeNull();

    // 导出: the kit's, the search on screen (none) with the visible columns in their order, saved
    // under the server's name.
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导出' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ filename: '医院.xlsx' })),
    );
    const [url, params] = vi.mocked(download).mock.calls[0]!;
    expect(url).toBe('/api/zxgxg-api/hospital/export');
    expect(String(params!.columns).split(',').slice(0, 4)).toEqual([
      'hospitalCode',
      'hospitalName',
      'level',
      'regionCode',
    ]);
    expect(String(params!.columns)).not.toContain('remark');
  });

  it('imports through a dry run: the report row by row, the report sheet, then only the valid rows', async () => {
    const page = await openPage();
    const report = {
      dryRun: true,
      mode: 'all' as const,
      key: 'hospitalCode',
      total: 3,
      valid: 2,
      imported: 0,
      created: 0,
      updated: 0,
      errors: [{ row: 3, column: '医院名称', message: '请输入医院名称' }],
      secrets: [],
    };
    vi.mocked(hospitalApi.imports.check).mockResolvedValueOnce(report);
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导入' }));
    const dialog = await findDialog('导入 Excel');
    const footer = () => dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
    // Nothing to check before a file is chosen; a file that is not .xlsx is refused here.
    expect(
      within(footer())
        .getByRole('button', { name: buttonName('检查') })
        .hasAttribute('disabled'),
    ).toBe(true);
    pickFile(dialog, sheet('医院.csv'));
    expect(await within(dialog).findByText('请选择 .xlsx 格式的 Excel 文件')).toBeTruthy();
    pickFile(dialog, sheet('医院.xlsx'));
    expect(within(dialog).getByTestId('sheet-import-file').textContent).toBe('医院.xlsx');

    // Update by hospital code, then the dry run.
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('按“医院编码”匹配并更新'));
    fireEvent.click(within(footer()).getByRole('button', { name: buttonName('检查') }));
    expect(await within(dialog).findByText('共 3 行，2 行可导入，1 个问题')).toBeTruthy();
    expect(hospitalApi.imports.check).toHaveBeenCalledWith(expect.any(File), '医院.xlsx', {
      mode: 'all',
      key: 'hospitalCode',
    });
    const problems = within(dialog).getByRole('table', { name: '问题列表' });
    expect(within(problems).getByText('医院名称')).toBeTruthy();
    expect(within(problems).getByText('请输入医院名称')).toBeTruthy();

    // The report as a sheet with an error column.
    vi.mocked(hospitalApi.imports.reportSheet).mockResolvedValueOnce({
      blob: new Blob(['x']),
      filename: '医院-报告.xlsx',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: buttonName('下载带错误列的表格') }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ filename: '医院-报告.xlsx' })),
    );

    // All or nothing cannot be committed with a problem; the valid rows can.
    const commit = () => within(footer()).getByRole('button', { name: buttonName('导入') });
    expect(commit().hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: '只导入没有问题的 2 行' }));
    vi.mocked(hospitalApi.imports.commit).mockResolvedValueOnce({
      ...report,
      dryRun: false,
      mode: 'valid',
      imported: 2,
      created: 1,
      updated: 1,
    });
    const lists = vi.mocked(hospitalApi.list).mock.calls.length;
    fireEvent.click(commit());
    expect(await within(dialog).findByText('导入成功 2 条（新增 1，更新 1）')).toBeTruthy();
    expect(hospitalApi.imports.commit).toHaveBeenCalledWith(expect.any(File), '医院.xlsx', {
      mode: 'valid',
      key: 'hospitalCode',
    });
    await waitFor(() => expect(vi.mocked(hospitalApi.list).mock.calls.length).toBeGreaterThan(lists));
  });

  it('shows an all-or-nothing refusal as its report, and a server refusal of the file', async () => {
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导入' }));
    const dialog = await findDialog('导入 Excel');
    const footer = () => dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
    pickFile(dialog, sheet('医院.xlsx'));
    vi.mocked(hospitalApi.imports.check).mockRejectedValueOnce(
      new RequestError('表格缺少必填列: 医院编码', 400, '表格缺少必填列: 医院编码', {
        code: 400,
        data: null,
      }),
    );
    fireEvent.click(within(footer()).getByRole('button', { name: buttonName('检查') }));
    expect(await within(dialog).findByText('表格缺少必填列: 医院编码')).toBeTruthy();
  });
});
