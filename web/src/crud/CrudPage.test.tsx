import type { Page } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Activity, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryParams } from '../api/request';
import { configureRequest, get, RequestError, TransportError } from '../api/request';
import { dictionary } from '../api/system/dict';
import { queryClient } from '../app/query-client';
import { endSessionKeepingDrafts } from '../app/session/session-actions';
import { getToken, logoutLocal, startSession } from '../app/session/session-store';
import { changeLanguage } from '../i18n';
import { tokenAnswer } from '../test/fixtures';
import { findDialog, grantOnly, messages, renderPageAt, resetPageTest, toolbar } from '../test/page-test-kit';
import { CrudPage, defineCrud, type CrudConfig } from '.';
// The kit's tests borrow the parameter and package pages' texts.
import '../pages/system/param/locales';
import '../pages/system/tenantpackage/locales';

// A kit page is a whole antd table with its dialog: in jsdom (antd's styles computed in its slow CSS
// engine) a test that opens, selects and saves takes several seconds, more while other suites run.
vi.setConfig({ testTimeout: 40_000 });

vi.mock('../api/system/dict', () => ({
  dictionary: vi.fn(() =>
    Promise.resolve([
      { dictKey: '1', dictValue: '启用' },
      { dictKey: '2', dictValue: '停用' },
    ]),
  ),
}));

/** The row type of the test page. */
interface Item {
  id: string;
  name: string;
  code: string;
  status: number;
  remark: string | null;
  createTime?: string;
  hasChildren?: boolean;
}

type ItemInput = Partial<Item>;

/**
 * An in-memory stand-in for a page's api binding (what `api: paramApi` is on a real page): it
 * holds the records and answers the calls as the server would.
 */
function memoryApi(count: number) {
  const records: Item[] = Array.from({ length: count }, (_, index) => ({
    id: String(index + 1),
    name: `参数${index + 1}`,
    code: `key.${index + 1}`,
    status: (index % 2) + 1,
    remark: null,
  }));
  let nextId = count + 1;
  const api = {
    list: vi.fn((current: number, size: number, filters: QueryParams): Promise<Page<Item>> => {
      const name = typeof filters.name === 'string' ? filters.name : '';
      const found = records.filter((record) => record.name.includes(name));
      return Promise.resolve({
        // Copies, as JSON from a server would be: the cache never shares objects with this store.
        records: found.slice((current - 1) * size, current * size).map((record) => ({ ...record })),
        total: found.length,
        size,
        current,
        pages: Math.ceil(found.length / size),
      });
    }),
    detail: vi.fn((id: string) => {
      const record = records.find((one) => one.id === id);
      return record ? Promise.resolve({ ...record }) : Promise.reject(new RequestError('没有数据', 404));
    }),
    submit: vi.fn((input: ItemInput): Promise<unknown> => {
      const existing = records.find((one) => one.id === input.id);
      if (existing) Object.assign(existing, input);
      else records.unshift({ status: 1, remark: null, name: '', code: '', ...input, id: String(nextId++) });
      return Promise.resolve(true);
    }),
    remove: vi.fn((ids: readonly string[]): Promise<unknown> => {
      for (const id of ids)
        records.splice(
          records.findIndex((one) => one.id === id),
          1,
        );
      return Promise.resolve(true);
    }),
  };
  return { api, records };
}

const ALL_FLAGS = ['param_add', 'param_edit', 'param_delete', 'param_view'];

function itemConfig(
  api: CrudConfig<Item, ItemInput>['api'],
  extra: Partial<CrudConfig<Item, ItemInput>> = {},
) {
  return defineCrud<Item, ItemInput>({
    name: 'item',
    title: 'system.param.title',
    rowTitle: 'name',
    api,
    permissions: { add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' },
    columns: [
      {
        prop: 'name',
        label: 'system.param.paramName',
        search: true,
        form: { required: 'system.param.paramNameRequired', maxLength: 10 },
      },
      {
        prop: 'code',
        label: 'system.param.paramKey',
        search: { op: 'equal' },
        table: { sort: true },
        form: { required: 'system.param.paramKeyRequired' },
      },
      { prop: 'status', label: 'system.tenantPackage.menuId', dict: { code: 'status', numeric: true } },
      { prop: 'remark', label: 'system.param.remark', type: 'textarea', table: { ellipsis: true } },
    ],
    ...extra,
  });
}

async function renderPage(count = 2, extra: Partial<CrudConfig<Item, ItemInput>> = {}) {
  const memory = memoryApi(count);
  const page = await renderPageAt('/items', <CrudPage config={itemConfig(memory.api, extra)} />, {
    title: '参数管理',
    showing: count > 0 ? '参数1' : undefined,
  });
  return { ...memory, page };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
// The kit names its buttons with their text (aria-label), so names match exactly; role queries
// over a whole page are slow in jsdom, so they run in the smallest part that holds the button.
const button = (name: string, scope: HTMLElement) => within(scope).getByRole('button', { name });
const searchForm = (page: HTMLElement) => page.querySelector<HTMLElement>('form[aria-label]')!;

beforeEach(() => grantOnly(...ALL_FLAGS));

afterEach(resetPageTest);

describe('a table page from its configuration', () => {
  it('lists the records with dictionary labels, the total and the page sizes', async () => {
    const { api, page } = await renderPage(12);
    expect(api.list).toHaveBeenCalledWith(1, 10, {});
    expect(within(page).getAllByRole('row')).toHaveLength(11); // header and 10 rows
    expect(within(rowOf('参数1')).getByText('启用')).toBeTruthy();
    expect(within(rowOf('参数2')).getByText('停用')).toBeTruthy();
    expect(dictionary).toHaveBeenCalledTimes(1);
    expect(dictionary).toHaveBeenCalledWith('status');
    expect(within(page).getByText('共 12 条')).toBeTruthy();
    expect(within(page).getByText('10 条/页')).toBeTruthy();
    // Labels are tied to their fields.
    expect(within(page).getByLabelText('参数名称').getAttribute('id')).toBe('item-search_name');
    expect(within(page).getByRole('form', { name: '搜索条件' })).toBeTruthy();
  });

  it('says "10,000+" when the server stopped counting (a large log, issue 21)', async () => {
    const { api, page } = await renderPage(12);
    const first = api.list.getMockImplementation()!;
    api.list.mockImplementation(async (current, size, filters) => ({
      ...(await first(current, size, filters)),
      total: 10_000,
      pages: 1000,
      totalExact: false,
    }));
    fireEvent.click(within(page).getByRole('button', { name: '刷新' }));
    expect(await within(page).findByText('共 10,000+ 条')).toBeTruthy();
    expect(within(page).queryByText('共 12 条')).toBeNull();
    // The pager still reaches the last page of the bound.
    expect(within(page).getByTitle('1000')).toBeTruthy();
    await changeLanguage('en');
    expect(await within(page).findByText('10,000+ in total')).toBeTruthy();
    await changeLanguage('zh');
  });

  it('keeps the rows on screen under a loading veil until the next page arrives', async () => {
    const { api, page } = await renderPage(25);
    let answer: (page: Page<Item>) => void = () => undefined;
    const list = api.list.getMockImplementation()!;
    api.list.mockImplementationOnce((current, size, filters) => {
      const next = list(current, size, filters);
      return new Promise((resolve) => (answer = (value) => resolve(value))).then(() => next);
    });
    fireEvent.click(within(page).getByTitle('2'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(2, 10, {}));
    // The first page's rows stay, under the veil; the pager already shows page 2.
    expect(within(page).getByRole('status', { name: '加载中' })).toBeTruthy();
    expect(page.querySelector('.crud-table')?.getAttribute('aria-busy')).toBe('true');
    expect(rowOf('参数1')).toBeTruthy();
    expect(within(page).getByTitle('2').className).toContain('ant-pagination-item-active');
    act(() => answer({ records: [], total: 0, size: 10, current: 2, pages: 0 }));
    await waitFor(() => expect(within(page).getByText('参数11')).toBeTruthy());
    expect(within(page).queryByRole('status', { name: '加载中' })).toBeNull();
    expect(within(page).queryByText('参数1', { exact: true })).toBeNull();
  });

  it('shows the empty state when there is nothing to list', async () => {
    const { page } = await renderPage(0);
    expect(await within(page).findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
  });

  // Issue 22, item 7: 暂无数据 must mean the server listed nothing — not a list on its way, nor one
  // that never came (a timeout or dropped connection fails without a message, spec §8).
  it('never says 暂无数据 while the first list is on its way', async () => {
    const memory = memoryApi(2);
    let answer: () => void = () => undefined;
    const list = memory.api.list.getMockImplementation()!;
    memory.api.list.mockImplementationOnce((current, size, filters) => {
      const next = list(current, size, filters);
      return new Promise<void>((resolve) => (answer = resolve)).then(() => next);
    });
    const page = await renderPageAt('/items', <CrudPage config={itemConfig(memory.api)} />, {
      title: '参数管理',
    });
    await waitFor(() => expect(memory.api.list).toHaveBeenCalledTimes(1));
    expect(within(page).getByRole('status', { name: '加载中' })).toBeTruthy();
    expect(within(page).queryByText('暂无数据')).toBeNull();
    act(() => answer());
    expect(await within(page).findByText('参数1')).toBeTruthy();
  });

  it('shows a list that did not load as a failure with a retry, never as 暂无数据', async () => {
    const memory = memoryApi(2);
    memory.api.list.mockImplementationOnce(() =>
      Promise.reject(new TransportError('no answer within 10000 ms', 'TIMEOUT')),
    );
    const page = await renderPageAt('/items', <CrudPage config={itemConfig(memory.api)} />, {
      title: '参数管理',
    });
    const alert = await within(page).findByRole('alert');
    expect(alert.textContent).toContain('列表未能加载');
    expect(within(page).queryByText('暂无数据')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await within(page).findByText('参数1')).toBeTruthy();
    expect(memory.api.list).toHaveBeenCalledTimes(2);
    expect(within(page).queryByRole('alert')).toBeNull();
  });

  it('sorts on the server by a sortable column', async () => {
    const { api, page } = await renderPage(3);
    fireEvent.click(within(page).getByRole('columnheader', { name: '参数键名' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(1, 10, { ascs: 'code' }));
    fireEvent.click(within(page).getByRole('columnheader', { name: '参数键名' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(1, 10, { descs: 'code' }));
  });
});

describe('search', () => {
  it('starts again at page 1 and drops empty values; Enter searches', async () => {
    const { api, page } = await renderPage(25);
    fireEvent.click(within(page).getByTitle('2'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(2, 10, {}));

    const search = within(within(page).getByRole('form', { name: '搜索条件' }));
    fireEvent.change(search.getByLabelText('参数名称'), { target: { value: ' 参数1 ' } });
    fireEvent.change(search.getByLabelText('参数键名'), { target: { value: '   ' } });
    fireEvent.submit(search.getByLabelText('参数名称'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(1, 10, { name: '参数1' }));
    expect(await within(page).findByText('共 11 条')).toBeTruthy();

    fireEvent.change(search.getByLabelText('参数键名'), { target: { value: 'key.1' } });
    fireEvent.click(button('搜索', searchForm(page)));
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(1, 10, { name: '参数1', code_equal: 'key.1' }),
    );

    fireEvent.click(button('清空', searchForm(page)));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(1, 10, {}));
    expect((search.getByLabelText('参数名称') as HTMLInputElement).value).toBe('');
  });
  it('carries the page’s fixed filters, and starts at page 1 when they change', async () => {
    const memory = memoryApi(25);
    let pick: (deptId: string) => void = () => undefined;
    function WithSideTree() {
      const [deptId, setDeptId] = useState('a');
      pick = setDeptId;
      return <CrudPage config={itemConfig(memory.api)} params={{ deptId, empty: '' }} />;
    }
    const page = await renderPageAt('/items', <WithSideTree />, { title: '参数管理', showing: '参数1' });
    expect(memory.api.list).toHaveBeenLastCalledWith(1, 10, { deptId: 'a' });
    fireEvent.click(within(page).getByTitle('2'));
    await waitFor(() => expect(memory.api.list).toHaveBeenLastCalledWith(2, 10, { deptId: 'a' }));

    act(() => pick('b'));
    await waitFor(() => expect(memory.api.list).toHaveBeenLastCalledWith(1, 10, { deptId: 'b' }));
  });
});

describe('date range search', () => {
  it('sends a range of days as createTime_dategt / createTime_datelt', async () => {
    const extra = {
      columns: [
        { prop: 'name' as const, label: 'system.param.paramName' as const, search: true },
        {
          prop: 'createTime' as const,
          label: 'system.param.remark' as const,
          search: { range: true },
          table: false,
          form: false,
        },
      ],
    };
    const { api, page } = await renderPage(2, extra);
    const search = searchForm(page);
    // The date picker's code arrives on its own, when a page has a date range to search.
    const start = (await within(search).findByLabelText('备注')) as HTMLInputElement;
    const end = within(search).getByPlaceholderText('结束') as HTMLInputElement;
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.change(start, { target: { value: '2024-01-01' } });
    fireEvent.keyDown(start, { key: 'Enter' });
    fireEvent.focus(end);
    fireEvent.change(end, { target: { value: '2024-01-31' } });
    fireEvent.keyDown(end, { key: 'Enter' });
    await waitFor(() => expect(end.value).toBe('2024-01-31'));
    fireEvent.click(button('搜索', search));
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(1, 10, {
        createTime_dategt: '2024-01-01',
        createTime_datelt: '2024-01-31',
      }),
    );
  });
});

describe('delete', () => {
  it('bulk delete with nothing selected warns and calls nothing', async () => {
    const { api, page } = await renderPage();
    fireEvent.click(button('批量删除', toolbar(page)));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(screen.queryByText('确定将选择数据删除?')).toBeNull();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('asks first, then removes the row and says so', async () => {
    const { api, page } = await renderPage();
    fireEvent.click(button('删除', rowOf('参数1')));
    const confirm = await findDialog('提示');
    expect(within(confirm).getByText('确定将选择数据删除?')).toBeTruthy();
    expect(page.contains(confirm)).toBe(true); // inside the page: hidden with its tab
    expect(api.remove).not.toHaveBeenCalled();

    fireEvent.click(button('确定', confirm));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(api.remove).toHaveBeenCalledWith(['1']);
    await waitFor(() => expect(within(page).queryByText('参数1')).toBeNull());
    expect(within(page).getByText('参数2')).toBeTruthy();
  });

  it('cancelling the confirmation removes nothing', async () => {
    const { api, page } = await renderPage();
    fireEvent.click(button('删除', rowOf('参数2')));
    fireEvent.click(button('取消', await findDialog('提示')));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.remove).not.toHaveBeenCalled();
    expect(within(page).getByText('参数2')).toBeTruthy();
  });

  it('bulk deletes the selected rows', async () => {
    const { api, page } = await renderPage(3);
    fireEvent.click(within(rowOf('参数1')).getByRole('checkbox', { name: '选择 参数1' }));
    fireEvent.click(within(rowOf('参数3')).getByRole('checkbox', { name: '选择 参数3' }));
    fireEvent.click(button('批量删除', toolbar(page)));
    fireEvent.click(button('确定', await findDialog('提示')));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(api.remove).toHaveBeenCalledWith(['1', '3']);
    await waitFor(() => expect(within(page).getAllByRole('row')).toHaveLength(2));
  });

  it('goes back a page when the last page is emptied', async () => {
    const { api, page } = await renderPage(11);
    fireEvent.click(within(page).getByTitle('2'));
    await within(page).findByText('参数11');
    fireEvent.click(button('删除', rowOf('参数11')));
    fireEvent.click(button('确定', await findDialog('提示')));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(1, 10, {}));
    expect(await within(page).findByText('共 10 条')).toBeTruthy();
  });
});

describe('a long page', () => {
  it('draws a window of its rows, says how many there are, and “select all” takes every row', async () => {
    const memory = memoryApi(120);
    // The whole list in one answer: 120 rows on one page.
    const api = {
      ...memory.api,
      list: vi.fn(() => Promise.resolve(memory.records.map((one) => ({ ...one })))),
    };
    const page = await renderPageAt(
      '/items',
      <CrudPage config={itemConfig(api, { table: { index: true } })} />,
      { title: '参数管理', showing: '参数1' },
    );
    const table = page.querySelector('table')!;
    expect(table.getAttribute('aria-rowcount')).toBe('121');
    const drawn = page.querySelectorAll('tr.ant-table-row');
    // jsdom lays nothing out: the window is the first screen's worth of rows and its margin.
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(120);
    expect(drawn[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(drawn[0]!.querySelector('td:nth-child(2)')!.textContent).toBe('1');
    // The rest of the rows are a spacer, not cells.
    expect(within(page).queryByText('参数120')).toBeNull();
    expect(page.querySelector('.crud-table-spacer td')!.getAttribute('colspan')).toBe('7');

    const every = memory.records.map((one) => one.id);
    fireEvent.click(within(table).getByRole('checkbox', { name: '全选本页' }));
    fireEvent.click(button('批量删除', toolbar(page)));
    fireEvent.click(button('确定', await findDialog('提示')));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(api.remove).toHaveBeenCalledWith(every);
  });
});

describe('the dialog', () => {
  it('checks the rules, then adds and says 新增成功', async () => {
    const { api, page } = await renderPage();
    fireEvent.click(button('新增', toolbar(page)));
    const dialog = await findDialog('新增');
    expect(page.contains(dialog)).toBe(true);
    fireEvent.click(button('保存', dialog));
    expect(await within(dialog).findByText('请输入参数名称')).toBeTruthy();
    expect(within(dialog).getByText('请输入参数键名')).toBeTruthy();
    expect(api.submit).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('参数名称'), {
      target: { value: '超过十个字符的参数名称' },
    });
    expect(await within(dialog).findByText('参数名称最多 10 个字符')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '新参数' } });
    fireEvent.change(within(dialog).getByLabelText('参数键名'), { target: { value: 'key.new' } });
    fireEvent.submit(within(dialog).getByLabelText('参数键名')); // Enter in a field

    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(api.submit).toHaveBeenCalledTimes(1);
    expect(api.submit).toHaveBeenCalledWith({
      name: '新参数',
      code: 'key.new',
      status: undefined,
      remark: undefined,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(page).findByText('新参数')).toBeTruthy();
  });

  it('edits the record as loaded and says 更新成功', async () => {
    const { api, page } = await renderPage();
    fireEvent.click(button('编辑', rowOf('参数2')));
    const dialog = await findDialog('编辑');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('参数名称') as HTMLInputElement).value).toBe('参数2'),
    );
    expect(api.detail).toHaveBeenCalledWith('2');
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '改过的' } });
    fireEvent.click(button('修改', dialog));

    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(api.submit).toHaveBeenCalledWith({
      id: '2',
      name: '改过的',
      code: 'key.2',
      status: 2,
      remark: null,
    });
    expect(await within(page).findByText('改过的')).toBeTruthy();
  });

  it('shows a record read-only in the view dialog', async () => {
    await renderPage();
    fireEvent.click(button('查看', rowOf('参数1')));
    const dialog = await findDialog('查看');
    const name = (await within(dialog).findByLabelText('参数名称')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('参数1'));
    expect(name.disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: '保存' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' })); // the dialog's own close
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failed save keeps the dialog open with its input, stops spinning, and adds no message', async () => {
    const { api, page } = await renderPage();
    // The request layer has already shown the server's reason when the call rejects.
    api.submit.mockRejectedValueOnce(new RequestError('参数键名已存在', 400, '参数键名已存在'));
    fireEvent.click(button('新增', toolbar(page)));
    const dialog = await findDialog('新增');
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '重复' } });
    fireEvent.change(within(dialog).getByLabelText('参数键名'), { target: { value: 'key.1' } });
    fireEvent.click(button('保存', dialog));

    await waitFor(() => expect(api.submit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button('保存', dialog).className).not.toContain('ant-btn-loading'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(messages()).toEqual([]);
    expect(await findDialog('新增')).toBe(dialog);
    expect((within(dialog).getByLabelText('参数名称') as HTMLInputElement).value).toBe('重复');

    // The next attempt goes through.
    fireEvent.click(button('保存', dialog));
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });
});

describe('permissions', () => {
  it('hides every button whose permission the user lacks', async () => {
    grantOnly();
    const { page } = await renderPage();
    for (const name of ['新增', '批量删除', '编辑', '删除', '查看'])
      expect(within(page).queryByRole('button', { name })).toBeNull();
    expect(within(page).queryByRole('checkbox')).toBeNull();
    expect(within(page).queryByText('操作')).toBeNull();
    // Searching needs no permission.
    expect(button('搜索', searchForm(page))).toBeTruthy();
  });

  it('shows each button with its own permission', async () => {
    grantOnly('param_view');
    const { page } = await renderPage();
    expect(within(rowOf('参数1')).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(within(page).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(page).queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('offers no button the configuration leaves out, even with the permission', async () => {
    const { page } = await renderPage(2, { permissions: { add: 'param_add', edit: 'param_edit' } });
    expect(button('新增', toolbar(page))).toBeTruthy();
    expect(within(page).queryByRole('button', { name: '查看' })).toBeNull();
    expect(within(page).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(page).queryByRole('button', { name: '批量删除' })).toBeNull();
  });

  it('shows a page’s own actions with their permission', async () => {
    const onRow = vi.fn();
    const extra = {
      rowActions: [
        {
          key: 'seal',
          label: 'system.param.remark' as const,
          permission: 'user_reset' as const,
          onClick: onRow,
        },
      ],
      toolbarActions: [
        {
          key: 'export',
          label: 'system.param.paramValue' as const,
          needsSelection: true,
          onClick: vi.fn(),
        },
      ],
    };
    const { page } = await renderPage(2, extra);
    expect(within(page).queryByRole('button', { name: '备注' })).toBeNull();
    fireEvent.click(button('参数键值', toolbar(page)));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    cleanup();

    grantOnly(...ALL_FLAGS, 'user_reset');
    await renderPage(2, extra);
    // Four buttons: all shown.
    fireEvent.click(within(rowOf('参数2')).getByRole('button', { name: '备注' }));
    expect(onRow).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }), expect.anything());
    cleanup();

    // Five: 查看, 编辑 and 删除 shown, the page's own two in the row's 更多 menu.
    const second = vi.fn();
    await renderPage(2, {
      ...extra,
      rowActions: [
        ...extra.rowActions,
        { key: 'other', label: 'system.param.paramKey' as const, danger: true, onClick: second },
      ],
    });
    const row = rowOf('参数2');
    expect(within(row).queryByRole('button', { name: '备注' })).toBeNull();
    const more = within(row).getByRole('button', { name: '更多' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(more);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['备注', '参数键名']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '参数键名' }));
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }), expect.anything());
    expect(onRow).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }), expect.anything());
  });
});

describe('English', () => {
  async function renderEnglish() {
    await changeLanguage('en');
    const memory = memoryApi(2);
    return renderPageAt('/items', <CrudPage config={itemConfig(memory.api)} />, {
      title: 'Parameters',
      showing: '参数1',
    });
  }

  it('names the controls and warns in English', async () => {
    const page = await renderEnglish();
    expect(within(page).getByText('2 in total')).toBeTruthy();
    for (const name of ['Search', 'Reset']) expect(button(name, searchForm(page))).toBeTruthy();
    for (const name of ['Add', 'Delete selected']) expect(button(name, toolbar(page))).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(within(rowOf('参数1')).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(rowOf('参数1')).getByRole('checkbox', { name: 'Select 参数1' })).toBeTruthy();

    fireEvent.click(button('Delete selected', toolbar(page)));
    expect(await screen.findByText('Please select at least one row')).toBeTruthy();

    fireEvent.click(within(rowOf('参数1')).getByRole('button', { name: 'Delete' }));
    const confirm = await findDialog('Tip');
    expect(within(confirm).getByText('Delete the selected data?')).toBeTruthy();
    fireEvent.click(button('OK', confirm));
    expect(await screen.findByText('Deleted successfully')).toBeTruthy();
  });

  it('checks and saves in English', async () => {
    const page = await renderEnglish();
    fireEvent.click(button('Add', toolbar(page)));
    const dialog = await findDialog('Add');
    fireEvent.click(button('Save', dialog));
    expect(await within(dialog).findByText('Please enter the parameter name')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Parameter name'), { target: { value: 'n' } });
    fireEvent.change(within(dialog).getByLabelText('Parameter key'), { target: { value: 'k' } });
    fireEvent.click(button('Save', dialog));
    expect(await screen.findByText('Added successfully')).toBeTruthy();
  });
});

describe('kept-alive tabs', () => {
  it('an open dialog hides with its page and comes back with its input', async () => {
    const memory = memoryApi(1);
    let setVisible: (visible: boolean) => void = () => undefined;
    function Tab() {
      const [visible, set] = useState(true);
      setVisible = set;
      return (
        <Activity mode={visible ? 'visible' : 'hidden'}>
          <CrudPage config={itemConfig(memory.api)} />
        </Activity>
      );
    }
    const page = await renderPageAt('/items', <Tab />, { title: '参数管理' });
    fireEvent.click(button('新增', toolbar(page)));
    const dialog = await findDialog('新增');
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '写了一半' } });

    setVisible(false);
    await waitFor(() => expect(page.style.display).toBe('none'));
    expect(page.contains(dialog)).toBe(true); // hidden with the page
    expect(screen.queryByRole('dialog')).toBeNull();

    setVisible(true);
    await waitFor(() => expect(page.style.display).not.toBe('none'));
    const again = await findDialog('新增');
    expect((within(again).getByLabelText('参数名称') as HTMLInputElement).value).toBe('写了一半');
  });
});

describe('tree tables', () => {
  it('loads a lazy tree’s children when a row is expanded', async () => {
    const load = vi.fn((row: Item) =>
      Promise.resolve([{ id: `${row.id}-1`, name: `${row.name}的子项`, code: 'c', status: 1, remark: null }]),
    );
    const roots: Item[] = [
      { id: '1', name: '上级', code: 'p', status: 1, remark: null, hasChildren: true },
      { id: '2', name: '末级', code: 'l', status: 2, remark: null, hasChildren: false },
    ];
    const api = { list: vi.fn(() => Promise.resolve(roots)) };
    const page = await renderPageAt(
      '/items',
      <CrudPage config={itemConfig(api, { tree: { lazy: { load } } })} />,
      { title: '参数管理', showing: '上级' },
    );
    expect(within(page).queryByText('共 2 条')).toBeNull(); // a whole list: no pager
    expect(within(rowOf('末级')).queryByRole('button', { name: /展开|Expand/i })).toBeNull();

    fireEvent.click(within(rowOf('上级')).getByRole('button', { name: /展开|Expand/i }));
    expect(await within(page).findByText('上级的子项')).toBeTruthy();
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ id: '1' }));
  });
});

// Issue 47: what was being typed when the session ended comes back once the same user is back on
// the page (app/session/drafts.ts, useCrudDrafts.ts).
describe('a session that ends', () => {
  const ADMIN = tokenAnswer();
  const RESTORED = '已恢复登录失效前未保存的内容';

  /** A call answered 401, through the request layer, as main.tsx configures it. */
  async function answer401(): Promise<void> {
    configureRequest({
      getToken,
      getLanguage: () => 'zh',
      onUnauthorized: endSessionKeepingDrafts,
      notifyError: () => undefined,
    });
    const unauthorized = new Response(JSON.stringify({ code: 401, success: false, msg: '请求未授权' }), {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(unauthorized)),
    );
    await get('/api/blade-system/param/list').catch(() => undefined);
    vi.unstubAllGlobals();
    expect(getToken()).toBeUndefined();
  }

  /** The console leaves the page for /login; `user` signs in again and opens it. */
  async function signInAgainAndOpen(
    api: CrudConfig<Item, ItemInput>['api'],
    user = ADMIN,
    title = '参数管理',
  ) {
    cleanup();
    queryClient.clear();
    vi.mocked(api.list).mockClear();
    startSession(user);
    grantOnly(...ALL_FLAGS);
    return renderPageAt('/items', <CrudPage config={itemConfig(api)} />, { title });
  }

  const valueOf = (scope: HTMLElement, label: string) =>
    (within(scope).getByLabelText(label) as HTMLInputElement).value;

  beforeEach(() => startSession(ADMIN));
  afterEach(() => logoutLocal());

  it('gives back the filter (and lists with it) and the add dialog with what was typed, saying so once', async () => {
    const { api } = memoryApi(12);
    const page = await renderPageAt('/items', <CrudPage config={itemConfig(api)} />, {
      title: '参数管理',
      showing: '参数1',
    });
    const search = within(page).getByRole('form', { name: '搜索条件' });
    fireEvent.change(within(search).getByLabelText('参数名称'), { target: { value: '参数1' } });
    fireEvent.submit(within(search).getByLabelText('参数名称'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(1, 10, { name: '参数1' }));
    fireEvent.click(button('新增', toolbar(page)));
    const dialog = await findDialog('新增');
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '写了一半' } });
    fireEvent.change(within(dialog).getByLabelText('参数键名'), { target: { value: 'key.half' } });

    await answer401();
    const again = await signInAgainAndOpen(api);

    const restored = await findDialog('新增');
    expect(valueOf(restored, '参数名称')).toBe('写了一半');
    expect(valueOf(restored, '参数键名')).toBe('key.half');
    expect(valueOf(within(again).getByRole('form', { name: '搜索条件' }), '参数名称')).toBe('参数1');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(1, 10, { name: '参数1' }));
    await waitFor(() => expect(messages()).toEqual([RESTORED]));
    // Taken: the next visit starts afresh.
    expect(localStorage.getItem('saber-drafts')).toBeNull();
    fireEvent.click(button('保存', restored));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(api.submit).toHaveBeenCalledWith(expect.objectContaining({ name: '写了一半', code: 'key.half' }));
  });

  it('opens the edit dialog again: the changed fields over the record as it is now', async () => {
    const { api, records } = memoryApi(3);
    await renderPageAt('/items', <CrudPage config={itemConfig(api)} />, {
      title: '参数管理',
      showing: '参数2',
    });
    fireEvent.click(button('编辑', rowOf('参数2')));
    const dialog = await findDialog('编辑');
    await waitFor(() => expect(valueOf(dialog, '参数名称')).toBe('参数2'));
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '改了一半' } });

    await answer401();
    records[1]!.code = 'key.2b'; // changed by someone else meanwhile
    await changeLanguage('en');
    await signInAgainAndOpen(api, ADMIN, 'Parameters');

    const restored = await findDialog('Edit');
    await waitFor(() => expect(valueOf(restored, 'Parameter key')).toBe('key.2b'));
    expect(api.detail).toHaveBeenLastCalledWith('2');
    expect(valueOf(restored, 'Remark')).toBe('改了一半');
    expect(valueOf(restored, 'Parameter name')).toBe('参数2');
    await waitFor(() =>
      expect(messages()).toEqual(['Restored what you had not saved when your session ended']),
    );
    fireEvent.click(button('Update', restored));
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith({
        id: '2',
        name: '参数2',
        code: 'key.2b',
        status: 2,
        remark: '改了一半',
      }),
    );
  });

  it('gives nothing to another user, and keeps no password field', async () => {
    const { api } = memoryApi(2);
    const withPin = itemConfig(api, {
      columns: [
        { prop: 'name', label: 'system.param.paramName', search: true },
        { prop: 'remark', label: 'system.param.remark', type: 'password' },
      ],
    });
    const page = await renderPageAt('/items', <CrudPage config={withPin} />, {
      title: '参数管理',
      showing: '参数1',
    });
    fireEvent.click(button('新增', toolbar(page)));
    const dialog = await findDialog('新增');
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '写了一半' } });
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: 'Pin-4321' } });

    await answer401();
    const kept = localStorage.getItem('saber-drafts') ?? '';
    expect(kept).toContain('写了一半');
    expect(kept).not.toContain('Pin-4321');

    const again = await signInAgainAndOpen(api, tokenAnswer({ user_id: '2000000000000000001' }));
    await within(again).findByText('参数1');
    expect(api.list).toHaveBeenLastCalledWith(1, 10, {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(messages()).toEqual([]);
    expect(localStorage.getItem('saber-drafts')).toBeNull();
  });
});
