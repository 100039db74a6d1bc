import type { Code } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as codeApi from '../../../api/develop/code';
import { RequestError } from '../../../api/request';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import { saveFile } from '../../../utils/save-file';
import CodePage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

function device(): Code {
  return {
    id: '7',
    codeName: '设备管理',
    datasourceId: '1',
    tableName: 'biz_device',
    moduleName: 'device',
    apiPrefix: '/api/zxgxg-api/device',
    menuParentId: null,
    pageTitle: '设备',
    columns: [
      {
        name: 'device_name',
        label: '设备名称',
        dataType: 'varchar',
        control: 'input',
        required: true,
        searchable: true,
        inTable: true,
        dict: null,
      },
    ],
    ...auditColumns,
  };
}

vi.mock('../../../api/develop/code', async () => {
  const { crudApiMock } = await import('../../../test/fixtures');
  return {
    ...crudApiMock(device),
    copy: vi.fn(() => Promise.resolve({ ...device(), id: '8' })),
    tables: vi.fn(() => Promise.resolve([])),
    preview: vi.fn(() =>
      Promise.resolve([
        {
          path: 'server/src/modules/generated/device/device.routes.ts',
          content: 'export const deviceRoutes = 1;',
        },
        {
          path: 'web/src/pages/generated/device/index.tsx',
          content: 'export default function DevicePage() {}',
        },
      ]),
    ),
    generate: vi.fn(() => Promise.resolve({ blob: new Blob(['zip']), filename: 'device.zip' })),
  };
});

vi.mock('../../../api/system/menu', () => ({
  tree: vi.fn(() => Promise.resolve([{ id: '3', parentId: '0', title: '研发工具', value: '3', key: '3' }])),
}));

vi.mock('../../../utils/save-file', () => ({ saveFile: vi.fn() }));

vi.mock('../../../api/develop/datasource', () => ({
  select: vi.fn(() => Promise.resolve([{ id: '1', name: '业务主库', kind: 'postgres' }])),
}));

beforeEach(() => grantOnly('code_add', 'code_edit', 'code_delete', 'code_view', 'code_copy', 'code_gen'));

afterEach(resetPageTest);

/** A row's button past the fourth: in the row's 更多 menu (the kit's rule, issue 45). */
async function chooseInMore(row: HTMLElement, name: string): Promise<void> {
  fireEvent.click(within(row).getByRole('button', { name: '更多' }));
  fireEvent.click((await screen.findAllByRole('menuitem', { name })).at(-1)!);
}

/** The code page with the 设备管理 record, its 预览 dialog opened from the row's 更多 menu. */
async function openPreview(): Promise<{ page: HTMLElement; row: HTMLElement; preview: HTMLElement }> {
  const page = await renderPageAt('/tool/code/index', <CodePage />, {
    title: '代码生成',
    showing: '设备管理',
  });
  const row = within(page).getByText('设备管理').closest<HTMLElement>('tr')!;
  await chooseInMore(row, '预览');
  const preview = await findDialog('预览：设备管理');
  // Quiet: the dialog says what went wrong, not a toast beside it.
  await waitFor(() => expect(codeApi.preview).toHaveBeenCalledWith('7', { quiet: true }));
  return { page, row, preview };
}

describe('code generator page', () => {
  it('lists a record, and 复制 copies it by id and lists again', async () => {
    const page = await renderPageAt('/tool/code/index', <CodePage />, {
      title: '代码生成',
      showing: '设备管理',
    });
    const row = within(page).getByText('设备管理').closest<HTMLElement>('tr')!;
    expect(within(row).getByText('biz_device')).toBeTruthy();
    expect(within(row).getByText('/api/zxgxg-api/device')).toBeTruthy();

    const listed = vi.mocked(codeApi.list).mock.calls.length;
    await chooseInMore(row, '复制');
    await waitFor(() => expect(codeApi.copy).toHaveBeenCalledWith('7'));
    expect(await screen.findByText('操作成功!')).toBeTruthy();
    await waitFor(() => expect(vi.mocked(codeApi.list).mock.calls.length).toBeGreaterThan(listed));
  });

  it('edits a column in the grid and saves the record with its columns', async () => {
    const page = await renderPageAt('/tool/code/index', <CodePage />, {
      title: '代码生成',
      showing: '设备管理',
    });
    const row = within(page).getByText('设备管理').closest<HTMLElement>('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const edit = await findDialog('编辑');
    const label = await within(edit).findByLabelText<HTMLInputElement>('device_name 的显示名称');
    expect(label.value).toBe('设备名称');
    fireEvent.change(label, { target: { value: '名称' } });
    fireEvent.click(within(edit).getByLabelText('device_name 可搜索'));

    fireEvent.click(within(edit).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(vi.mocked(codeApi.submit).mock.lastCall![0]).toEqual({
      id: '7',
      codeName: '设备管理',
      datasourceId: '1',
      tableName: 'biz_device',
      moduleName: 'device',
      apiPrefix: '/api/zxgxg-api/device',
      menuParentId: null,
      pageTitle: '设备',
      columns: [{ ...device().columns[0], label: '名称', searchable: false }],
    });
  });

  it('预览 shows each file the record generates; 生成 downloads the zip of the row or of the selected rows', async () => {
    const { page, row, preview } = await openPreview();
    expect(await within(preview).findByRole('tab', { name: 'device.routes.ts' })).toBeTruthy();
    expect(within(preview).getByRole('tab', { name: 'index.tsx' })).toBeTruthy();
    expect(within(preview).getByText('export const deviceRoutes = 1;')).toBeTruthy();

    await chooseInMore(row, '生成');
    await waitFor(() => expect(codeApi.generate).toHaveBeenCalledWith(['7']));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith({ blob: expect.any(Blob), filename: 'device.zip' }),
    );

    fireEvent.click(within(row).getByRole('checkbox', { name: '选择 设备管理' }));
    const toolbarGenerate = within(page)
      .getAllByRole('button', { name: '生成' })
      .find((button) => !row.contains(button))!;
    fireEvent.click(toolbarGenerate);
    await waitFor(() => expect(codeApi.generate).toHaveBeenCalledTimes(2));
    expect(vi.mocked(codeApi.generate).mock.lastCall).toEqual([['7']]);
  });

  it('预览 of a record the generator refuses shows the server’s reason in the dialog (issue 45)', async () => {
    const reason = '表名 blade_post 已是控制台的表';
    vi.mocked(codeApi.preview).mockRejectedValueOnce(new RequestError(reason, 400, reason));
    const { preview } = await openPreview();
    const alert = await within(preview).findByRole('alert');
    expect(alert.textContent).toContain('无法生成预览');
    expect(alert.textContent).toContain(reason);
  });

  it('changing the table reads its columns, asking first when the grid was edited; submit sends the new table’s (issue 45)', async () => {
    const column = (name: string, dataType: string, nullable: boolean, comment: string | null = null) => ({
      name,
      dataType,
      nullable,
      autoIncrement: false,
      hasDefault: false,
      comment,
    });
    vi.mocked(codeApi.tables).mockImplementation(() =>
      Promise.resolve([
        {
          name: 'biz_cabinet',
          columns: [column('cabinet_name', 'varchar(64)', true), column('capacity', 'int', true)],
        },
        { name: 'biz_device', columns: [column('device_name', 'varchar', false, '设备名称')] },
      ]),
    );
    try {
      const page = await renderPageAt('/tool/code/index', <CodePage />, {
        title: '代码生成',
        showing: '设备管理',
      });
      const row = within(page).getByText('设备管理').closest<HTMLElement>('tr')!;
      fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
      const edit = await findDialog('编辑');
      await within(edit).findByLabelText('device_name 的显示名称');
      const chooseTable = async (name: string) => {
        fireEvent.mouseDown(within(edit).getByLabelText('表名'));
        // The option (the list's cells carry the names as titles too).
        const option = await waitFor(() => {
          const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${name}"]`);
          if (!found) throw new Error(`no option ${name}`);
          return found;
        });
        fireEvent.click(option);
      };

      // The record's grid is edited (device_name searchable): changing the table asks; 取消 keeps both.
      await chooseTable('biz_cabinet');
      const ask = await findDialog('更换表');
      expect(ask.textContent).toContain('将按表“biz_cabinet”重新读取列');
      fireEvent.click(within(ask).getByRole('button', { name: /^取\s*消$/ }));
      await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
      expect(within(edit).getByLabelText('device_name 的显示名称')).toBeTruthy();

      // 确定: the grid is the new table's columns.
      await chooseTable('biz_cabinet');
      fireEvent.click(within(await findDialog('更换表')).getByRole('button', { name: /^确\s*定$/ }));
      expect(await within(edit).findByLabelText('cabinet_name 的显示名称')).toBeTruthy();
      expect(within(edit).getByLabelText('capacity 的显示名称')).toBeTruthy();
      expect(within(edit).queryByLabelText('device_name 的显示名称')).toBeNull();

      // A grid as read from its table is replaced without asking.
      await chooseTable('biz_device');
      expect(await within(edit).findByLabelText('device_name 的显示名称')).toBeTruthy();
      expect(document.querySelector('.ant-modal-confirm')).toBeNull();
      await chooseTable('biz_cabinet');
      expect(await within(edit).findByLabelText('cabinet_name 的显示名称')).toBeTruthy();

      fireEvent.click(within(edit).getByRole('button', { name: '修改' }));
      expect(await screen.findByText('更新成功')).toBeTruthy();
      const sent = vi.mocked(codeApi.submit).mock.lastCall![0];
      expect(sent.tableName).toBe('biz_cabinet');
      expect(sent.columns?.map((each) => each.name)).toEqual(['cabinet_name', 'capacity']);
    } finally {
      vi.mocked(codeApi.tables).mockImplementation(() => Promise.resolve([]));
    }
  });
});
