import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as messageApi from '../../api/desk/message';
import type * as Files from '../../api/files';
import { download } from '../../api/files';
import { changeLanguage } from '../../i18n';
import { messageOf, onePage } from '../../test/fixtures';
import {
  findDialog,
  grantOnly,
  messages,
  renderPageAt,
  resetPageTest,
  toolbar,
} from '../../test/page-test-kit';
import { saveFile } from '../../utils/save-file';
import MessageCenterPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const rows = [
  messageOf('3', 'task', '待办：请假审批', {
    body: '张三 请假 2 天\n事由：家中有事',
    link: '/work/todo/index',
  }),
  messageOf('2', 'notice', '停机维护', {
    body: '<p>周日<strong>02:00</strong></p><script>alert(1)</script>',
  }),
  messageOf('1', 'system', '欢迎使用', { readTime: '2026-12-06 11:00:00' }),
];

vi.mock('../../api/desk/message', async (importOriginal) => ({
  ...(await importOriginal<typeof messageApi>()),
  list: vi.fn(),
  read: vi.fn(() => Promise.resolve(true)),
  readAll: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
}));

vi.mock('../../api/files', async (original) => ({
  ...(await original<typeof Files>()),
  download: vi.fn(() => Promise.resolve({ blob: new Blob(['x']), filename: '消息.xlsx' })),
}));
vi.mock('../../utils/save-file', () => ({ saveFile: vi.fn() }));

beforeEach(() => vi.mocked(messageApi.list).mockResolvedValue(onePage(...rows)));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/desk/message/index', <MessageCenterPage />, { title: '消息中心', showing: '停机维护' });

const rowOf = (page: HTMLElement, title: string) => within(page).getByText(title).closest<HTMLElement>('tr')!;
const lastFilters = () => vi.mocked(messageApi.list).mock.lastCall?.[2];

/** Opens the select labelled `label` (in `scope`) and picks `option`. */
async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

describe('the message center', () => {
  it('lists the messages with their kind and read state, and searches by kind and read state', async () => {
    const page = await openPage();
    expect(within(rowOf(page, '停机维护')).getByText('通知')).toBeTruthy();
    expect(within(rowOf(page, '停机维护')).getByText('未读')).toBeTruthy();
    expect(within(rowOf(page, '欢迎使用')).getByText('已读')).toBeTruthy();
    // 标为已读 only on the unread rows; no row delete, bulk delete in the toolbar.
    expect(within(rowOf(page, '停机维护')).getByRole('button', { name: '标为已读' })).toBeTruthy();
    expect(within(rowOf(page, '欢迎使用')).queryByRole('button', { name: '标为已读' })).toBeNull();
    expect(within(rowOf(page, '欢迎使用')).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(toolbar(page)).getByRole('button', { name: '批量删除' })).toBeTruthy();
    expect(lastFilters()).toEqual({});

    const search = within(page).getByRole('form', { name: '搜索条件' });
    await choose(search, '类型', '待办');
    await choose(search, '状态', '未读');
    fireEvent.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastFilters()).toEqual({ kind_equal: 'task', readTime_null: 1 }));
    await choose(search, '状态', '已读');
    fireEvent.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastFilters()).toEqual({ kind_equal: 'task', readTime_notnull: 1 }));
  });

  it('shows a message when viewed, marked read; a notice sanitised, a linked one offering to go there', async () => {
    const page = await openPage();
    const listed = vi.mocked(messageApi.list).mock.calls.length;
    fireEvent.click(within(rowOf(page, '停机维护')).getByRole('button', { name: '查看' }));
    const notice = await findDialog('停机维护');
    expect(page.contains(notice)).toBe(true);
    expect(messageApi.read).toHaveBeenCalledWith(['2']);
    const body = notice.querySelector('.rich-text-content')!;
    expect(body.querySelector('strong')?.textContent).toBe('02:00');
    expect(body.innerHTML).not.toContain('alert');
    expect(within(notice).queryByRole('button', { name: '前往处理' })).toBeNull();
    // Read: the list is read again (with the badge's count, under the same key).
    await waitFor(() => expect(vi.mocked(messageApi.list).mock.calls.length).toBe(listed + 1));
    fireEvent.click(within(notice).getByRole('button', { name: /close|关闭/i }));

    // A message already read is not marked again.
    fireEvent.click(within(rowOf(page, '欢迎使用')).getByRole('button', { name: '查看' }));
    fireEvent.click(within(await findDialog('欢迎使用')).getByRole('button', { name: /close|关闭/i }));
    expect(messageApi.read).toHaveBeenCalledTimes(1);

    fireEvent.click(within(rowOf(page, '待办：请假审批')).getByRole('button', { name: '查看' }));
    const task = await findDialog('待办：请假审批');
    // Plain text keeps its lines.
    expect(within(task).getByText(/事由：家中有事/).textContent).toBe('张三 请假 2 天\n事由：家中有事');
    expect(within(task).getByRole('button', { name: '前往处理' })).toBeTruthy();
  });

  it('marks the selected messages read, or all of them after asking', async () => {
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '标为已读' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(messageApi.read).not.toHaveBeenCalled();

    fireEvent.click(within(page).getByRole('checkbox', { name: '选择 待办：请假审批' }));
    fireEvent.click(within(page).getByRole('checkbox', { name: '选择 停机维护' }));
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '标为已读' }));
    await waitFor(() => expect(messageApi.read).toHaveBeenCalledWith(['3', '2']));
    await waitFor(() => expect(messages()).toContain('操作成功!'));

    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '全部已读' }));
    const confirm = await findDialog('提示');
    expect(within(confirm).getByText('确定将全部消息标为已读?')).toBeTruthy();
    expect(messageApi.readAll).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(messageApi.readAll).toHaveBeenCalledWith());
  });

  it('deletes the selected messages after confirmation', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('checkbox', { name: '选择 欢迎使用' }));
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '批量删除' }));
    const confirm = await findDialog('提示');
    expect(within(confirm).getByText('确定将选择数据删除?')).toBeTruthy();
    expect(messageApi.remove).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(messageApi.remove).toHaveBeenCalledWith(['1']));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('exports the search, its read state as the server reads it, to the holders of message_export', async () => {
    grantOnly();
    const without = await openPage();
    expect(within(toolbar(without)).queryByRole('button', { name: '导出' })).toBeNull();
    resetPageTest();

    grantOnly('message_export');
    const page = await openPage();
    const search = within(page).getByRole('form', { name: '搜索条件' });
    await choose(search, '状态', '未读');
    fireEvent.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastFilters()).toEqual({ readTime_null: 1 }));
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const [url, params] = vi.mocked(download).mock.calls[0]!;
    expect(url).toBe('/api/blade-desk/message/export');
    expect(params).toMatchObject({ readTime_null: 1, columns: 'kind,title,createTime,readTime' });
    expect(params).not.toHaveProperty('readTime');
    expect(JSON.parse(String(params!.labels)).kind).toMatchObject({ task: '待办', notice: '通知' });
  });

  it('speaks English too', async () => {
    await changeLanguage('en');
    const page = await renderPageAt('/desk/message/index', <MessageCenterPage />, {
      title: 'Message center',
      showing: '停机维护',
    });
    expect(within(rowOf(page, '停机维护')).getByText('Notice')).toBeTruthy();
    expect(within(rowOf(page, '停机维护')).getByText('Unread')).toBeTruthy();
    expect(within(rowOf(page, '停机维护')).getByRole('button', { name: 'Mark read' })).toBeTruthy();
    expect(within(toolbar(page)).getByRole('button', { name: 'Mark all read' })).toBeTruthy();
  });
});
