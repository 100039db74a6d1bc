import type { DeptNode } from '@console/contract';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyList } from '../../../api/system/dept';
import { auditColumns, treeNode } from '../../../test/fixtures';
import { grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import DeptPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const dept = (id: string, parentId: string, deptName: string, hasChildren: boolean): DeptNode => ({
  id,
  tenantId: '000000',
  parentId,
  ancestors: parentId === '0' ? '0' : `0,${parentId}`,
  deptCategory: 2,
  deptName,
  fullName: null,
  sort: 1,
  remark: null,
  hasChildren,
  ...auditColumns,
});

vi.mock('../../../api/system/dept', () => ({
  lazyList: vi.fn((filters: { parentId?: string }) =>
    Promise.resolve(
      filters.parentId === '0'
        ? [dept('10', '0', '内科', true)]
        : filters.parentId === '10'
          ? [dept('11', '10', '心内科', false)]
          : [dept('10', '0', '内科', true), dept('11', '10', '心内科', false)],
    ),
  ),
  detail: vi.fn(),
  tree: vi.fn(() => Promise.resolve([treeNode('10', '内科', [treeNode('11', '心内科')])])),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() => Promise.resolve([{ dictKey: '2', dictValue: '部门' }])),
}));

beforeEach(() => grantOnly('dept_add', 'dept_edit', 'dept_delete', 'dept_view'));

afterEach(resetPageTest);

describe('departments page', () => {
  it('loads the top level, expands a level on demand, adds a child under its row, lists searches flat', async () => {
    const page = await renderPageAt('/system/dept/index', <DeptPage />, { title: '部门管理' });
    const row = (await within(page).findByText('内科')).closest('tr')!;
    expect(lazyList).toHaveBeenCalledWith({ parentId: '0' });

    fireEvent.click(row.querySelector('.ant-table-row-expand-icon')!);
    await within(page).findByText('心内科');
    expect(lazyList).toHaveBeenCalledWith({ parentId: '10' });

    // 新增下级: the add dialog with the row as the parent.
    fireEvent.click(within(row).getByRole('button', { name: '新增下级' }));
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role="dialog"]');
      if (!found) throw new Error('no dialog');
      return found;
    });
    const parent = (await within(dialog).findByLabelText('上级部门')).closest('.ant-select')!;
    await waitFor(() =>
      expect(parent.querySelector('.ant-select-content')?.getAttribute('title')).toBe('内科'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));

    // A search lists every match, flat: none expands (a child match would show twice).
    const search = within(page.querySelector<HTMLElement>('form')!);
    fireEvent.change(search.getByLabelText('部门名称'), { target: { value: '内科' } });
    fireEvent.click(search.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lazyList).toHaveBeenLastCalledWith({ deptName: '内科' }));
    await waitFor(() => expect(page.querySelectorAll('.ant-table-tbody .ant-table-row')).toHaveLength(2));
    expect(page.querySelector('.ant-table-row-expand-icon-collapsed')).toBeNull();
  });
});
