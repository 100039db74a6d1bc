import type { Region, TreeNode } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detail, lazyTree, submit } from '../../../api/base/region';
import type * as Files from '../../../api/files';
import { download } from '../../../api/files';
import { saveFile } from '../../../utils/save-file';
import { grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import { withChildren } from './tree-data';
import RegionPage, { regionExportFilters } from '.';

vi.setConfig({ testTimeout: 60_000 });

const node = (id: string, title: string, hasChildren: boolean): TreeNode => ({
  id,
  parentId: '',
  title,
  key: id,
  value: id,
  hasChildren,
});

const region = (fields: Partial<Region>): Region => ({
  code: '',
  parentCode: '00',
  ancestors: '00',
  name: '',
  level: 1,
  sort: 1,
  remark: null,
  provinceCode: null,
  provinceName: null,
  cityCode: null,
  cityName: null,
  districtCode: null,
  districtName: null,
  townCode: null,
  townName: null,
  villageCode: null,
  villageName: null,
  ...fields,
});

const regions: Record<string, Region> = {
  '00': region({ code: '00', parentCode: '0', name: '中国', level: 0, ancestors: '0' }),
  '11': region({ code: '11', name: '北京市', provinceCode: '11', provinceName: '北京市' }),
  '1101': region({
    code: '1101',
    parentCode: '11',
    ancestors: '00,11',
    name: '北京市辖区',
    level: 2,
    provinceCode: '11',
    provinceName: '北京市',
    cityCode: '1101',
    cityName: '北京市辖区',
  }),
};

vi.mock('../../../api/base/region', () => ({
  lazyTree: vi.fn((parentCode: string) =>
    Promise.resolve(
      parentCode === '00'
        ? [node('11', '北京市', true), node('12', '天津市', false)]
        : parentCode === '11'
          ? [node('1101', '北京市辖区', false)]
          : [],
    ),
  ),
  detail: vi.fn((code: string) => Promise.resolve(regions[code])),
  submit: vi.fn(() => Promise.resolve(regions['1101'])),
  remove: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() =>
    Promise.resolve([
      { dictKey: '1', dictValue: '省份/直辖市' },
      { dictKey: '2', dictValue: '地市' },
    ]),
  ),
}));

vi.mock('../../../api/files', async (original) => ({
  ...(await original<typeof Files>()),
  download: vi.fn(() => Promise.resolve({ blob: new Blob(['x']), filename: '行政区划.xlsx' })),
}));
vi.mock('../../../utils/save-file', () => ({ saveFile: vi.fn() }));

beforeEach(() => grantOnly('region_add', 'region_edit', 'region_delete'));

afterEach(resetPageTest);

describe('regions page', () => {
  it('loads the tree a level at a time, shows a region’s details and adds a region below it', async () => {
    const page = await renderPageAt('/base/region/index', <RegionPage />, { title: '行政区划' });
    const tree = await within(page).findByRole('tree', { name: '区划列表' });
    expect(lazyTree).toHaveBeenCalledWith('00');

    // 新增下级 without a chosen region warns, as Saber does.
    fireEvent.click(within(page).getByRole('button', { name: /新增下级/ }));
    await screen.findByText('请先选择一项区划');

    // Expanding 北京市 loads its children; choosing one shows its details and pairs.
    fireEvent.click(tree.querySelector('.ant-tree-switcher_close') as HTMLElement);
    await within(tree).findByText('北京市辖区');
    expect(lazyTree).toHaveBeenCalledWith('11');
    fireEvent.click(within(tree).getByText('北京市辖区'));
    await within(page).findByDisplayValue('00,11');
    expect(detail).toHaveBeenCalledWith('1101');
    expect((within(page).getByLabelText('父区划名称') as HTMLInputElement).value).toBe('北京市');
    expect((within(page).getByLabelText('市级名称') as HTMLInputElement).value).toBe('北京市辖区');
    expect(within(page).getByLabelText('区划编号').hasAttribute('disabled')).toBe(true);

    // Below it: the parent's code as the prefix, the level one deeper.
    fireEvent.click(within(page).getByRole('button', { name: /新增下级/ }));
    await within(page).findByText('新增 [北京市辖区] 的下级区划');
    expect((within(page).getByLabelText('父区划编号') as HTMLInputElement).value).toBe('1101');
    fireEvent.click(within(page).getByRole('button', { name: /保\s?存/ }));
    expect(await within(page).findByText('请输入区划编号')).toBeTruthy();
    fireEvent.change(within(page).getByLabelText('区划编号'), { target: { value: '02' } });
    fireEvent.change(within(page).getByLabelText('区划名称'), { target: { value: '新区' } });
    fireEvent.change(within(page).getByLabelText('区划排序'), { target: { value: '7' } });
    fireEvent.click(within(page).getByRole('button', { name: /保\s?存/ }));
    await screen.findByText('新增成功');
    expect(submit).toHaveBeenCalledWith({
      code: '110102',
      parentCode: '1101',
      name: '新区',
      sort: 7,
      remark: null,
    });
    await waitFor(() => expect(lazyTree).toHaveBeenCalledWith('1101'));
  });
});

describe('region export', () => {
  it('exports the regions below the chosen one, to the holders of region_export', async () => {
    grantOnly('region_view');
    const without = await renderPageAt('/base/region/index', <RegionPage />, { title: '行政区划' });
    await within(without).findByRole('tree', { name: '区划列表' });
    expect(within(without).queryByRole('button', { name: /导\s?出/ })).toBeNull();
    resetPageTest();

    grantOnly('region_view', 'region_export');
    const page = await renderPageAt('/base/region/index', <RegionPage />, { title: '行政区划' });
    const tree = await within(page).findByRole('tree', { name: '区划列表' });
    fireEvent.click(within(tree).getByText('北京市'));
    const button = within(page).getByRole('button', { name: /导\s?出/ });
    // Once the chosen region's details (its level) are in.
    await waitFor(() => expect(button.getAttribute('title')).toBe('导出 [北京市] 以下的全部区划'));
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const [url, params] = vi.mocked(download).mock.calls[0]!;
    expect(url).toBe('/api/blade-system/region/export');
    expect(params).toEqual({
      provinceCode_equal: '11',
      code_notequal: '11',
      ascs: 'code',
      columns: 'code,name,parentCode,level,sort',
      titles: JSON.stringify(['区划编号', '区划名称', '父区划编号', '区划等级', '区划排序']),
    });
  });

  it('asks for the regions holding the chosen code at its level, or every one below the country', () => {
    expect(regionExportFilters({ code: '1101', level: 2 })).toEqual({
      cityCode_equal: '1101',
      code_notequal: '1101',
      ascs: 'code',
    });
    expect(regionExportFilters(undefined)).toEqual({ level_gt: 0, ascs: 'code' });
    expect(regionExportFilters({ code: '00', level: 0 })).toEqual({ level_gt: 0, ascs: 'code' });
  });
});

describe('region tree data', () => {
  it('replaces a node’s children, keeping what was loaded below the others', () => {
    const top = [
      {
        key: '11',
        title: '北京市',
        isLeaf: false,
        children: [{ key: '1101', title: '市辖区', isLeaf: true }],
      },
      { key: '12', title: '天津市', isLeaf: false },
    ];
    const fresh = [
      { key: '11', title: '北京', isLeaf: false },
      { key: '12', title: '天津市', isLeaf: false },
    ];
    expect(withChildren(top, undefined, fresh)[0]).toEqual({ ...fresh[0], children: top[0]!.children });
    expect(withChildren(top, '12', [])[1]).toEqual({
      key: '12',
      title: '天津市',
      isLeaf: true,
      children: [],
    });
  });
});
