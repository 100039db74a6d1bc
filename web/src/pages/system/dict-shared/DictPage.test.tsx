import type { Dict, DictNode } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dictApi } from '../../../api/system/dict';
import { renderApp } from '../../../test/dom';
import { auditColumns, onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import { DictLayout } from './DictLayout';
import { DictPage } from './DictPage';
import { SYSTEM_DICT } from './kinds';

// Whole antd tables and dialogs in jsdom: several seconds a test.
vi.setConfig({ testTimeout: 60_000 });

const dict = (id: string, fields: Partial<Dict>): Dict => ({
  id,
  parentId: '0',
  code: 'sex',
  dictKey: '-1',
  dictValue: '',
  sort: 1,
  remark: null,
  isSealed: 0,
  ...auditColumns,
  ...fields,
});
const sex = dict('11', { code: 'sex', dictValue: '性别', isSealed: 1 });
const notice = dict('12', { code: 'notice', dictValue: '通知类型', sort: 2 });
const male: DictNode = {
  ...dict('21', { parentId: '11', dictKey: '1', dictValue: '男' }),
  hasChildren: false,
};

vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() => Promise.resolve([])),
  dictApi: {
    parentList: vi.fn(() => Promise.resolve(onePage(sex, notice))),
    childList: vi.fn(() => Promise.resolve([male])),
    detail: vi.fn((id: string) => Promise.resolve(id === '11' ? sex : notice)),
    submit: vi.fn(() => Promise.resolve(sex)),
    remove: vi.fn(() => Promise.resolve(true)),
    tree: vi.fn(() => Promise.resolve([])),
  },
}));

const rowOf = async (scope: HTMLElement, text: string) =>
  (await within(scope).findByText(text)).closest('tr') as HTMLElement;

beforeEach(() => grantOnly('dict_add', 'dict_edit', 'dict_delete', 'dict_view'));

afterEach(resetPageTest);

describe('dictionary pages', () => {
  it('mirrors the sealed rule: no delete, and an edit that can only unseal', async () => {
    const page = await renderPageAt('/system/dict/index', <DictPage kind={SYSTEM_DICT} />, {
      title: '系统字典',
    });
    const sealed = await rowOf(page, '性别');
    const open = await rowOf(page, '通知类型');
    expect(within(sealed).getByRole('button', { name: '删除' }).hasAttribute('disabled')).toBe(true);
    expect(within(open).getByRole('button', { name: '删除' }).hasAttribute('disabled')).toBe(false);
    // Row numbers (序号) head each row.
    expect(within(open).getAllByRole('cell')[1]?.textContent).toBe('2');

    fireEvent.click(within(sealed).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('编辑');
    await within(dialog).findByDisplayValue('性别');
    for (const field of ['字典编号', '字典名称', '字典排序', '字典备注'])
      expect(within(dialog).getByLabelText(field).hasAttribute('disabled')).toBe(true);
    const no = within(dialog).getByRole('radio', { name: '否' });
    expect(no.hasAttribute('disabled')).toBe(false);
    fireEvent.click(no);
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));

    await screen.findByText('更新成功');
    expect(dictApi.submit).toHaveBeenCalledWith({
      id: '11',
      code: 'sex',
      dictValue: '性别',
      sort: 1,
      isSealed: 0,
      remark: null,
    });
  });

  it('shows the chosen dictionary’s entries beside the list and adds one below it', async () => {
    renderApp('/dict-horizontal/index', [
      { path: '/dict-horizontal/index', element: <DictLayout direction="horizontal" /> },
    ]);
    await screen.findByText('请先在字典列表中点击「字典配置」选择一个字典');
    const parents = await screen.findByRole('region', { name: '系统字典' });
    fireEvent.click(within(await rowOf(parents, '性别')).getByRole('button', { name: '字典配置' }));

    const entries = await screen.findByRole('region', { name: '字典项' });
    await within(entries).findByText('男');
    expect(screen.getByText('[性别] 字典详情')).toBeTruthy();
    expect(dictApi.childList).toHaveBeenCalledWith('11', expect.objectContaining({ parentId: '11' }));

    // 新增子项 on an entry: the dictionary's code, fixed, and the entry as the parent.
    fireEvent.click(within(await rowOf(entries, '男')).getByRole('button', { name: '新增子项' }));
    const dialog = await findDialog('新增');
    const code = within(dialog).getByLabelText('字典编号');
    expect((code as HTMLInputElement).value).toBe('sex');
    expect(code.hasAttribute('disabled')).toBe(true);
    const parentField = within(dialog).getByLabelText('上级字典').closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(parentField.textContent).toContain('男'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入字典键值')).toBeTruthy();
    expect(within(dialog).getByText('请输入字典名称')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('字典名称'), { target: { value: '男童' } });
    fireEvent.change(within(dialog).getByLabelText('字典键值'), { target: { value: '11' } });
    fireEvent.change(within(dialog).getByLabelText('字典排序'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await screen.findByText('新增成功');
    expect(dictApi.submit).toHaveBeenCalledWith({
      code: 'sex',
      dictValue: '男童',
      parentId: '21',
      dictKey: '11',
      sort: 3,
      isSealed: 0,
    });
  });

  it('offers a view button on the rows of both panes side by side, opening the row read-only', async () => {
    renderApp('/dict-horizontal/index', [
      { path: '/dict-horizontal/index', element: <DictLayout direction="horizontal" /> },
    ]);
    const parents = await screen.findByRole('region', { name: '系统字典' });
    const sexRow = await rowOf(parents, '性别');
    // An icon alone in the narrow pane: its text is its accessible name and tooltip.
    const viewParent = within(sexRow).getByRole('button', { name: '查看' });
    expect(viewParent.getAttribute('title')).toBe('查看');
    fireEvent.click(viewParent);
    let dialog = await findDialog('查看');
    await within(dialog).findByDisplayValue('性别');
    expect(within(dialog).getByLabelText('字典名称').hasAttribute('disabled')).toBe(true);
    expect(dictApi.detail).toHaveBeenCalledWith('11');
    fireEvent.click(within(dialog).getByRole('button', { name: /关\s?闭|Close/ }));

    fireEvent.click(within(sexRow).getByRole('button', { name: '字典配置' }));
    const entries = await screen.findByRole('region', { name: '字典项' });
    fireEvent.click(within(await rowOf(entries, '男')).getByRole('button', { name: '查看' }));
    await waitFor(() => expect(dictApi.detail).toHaveBeenCalledWith('21'));
    dialog = await findDialog('查看');
    expect(within(dialog).getByLabelText('字典键值').hasAttribute('disabled')).toBe(true);
  });
});
