import type { Notice } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as noticeApi from '../../../api/desk/notice';
import { changeLanguage } from '../../../i18n';
import { auditColumns, onePage } from '../../../test/fixtures';
import {
  findDialog,
  grantOnly,
  messages,
  renderPageAt,
  resetPageTest,
  toolbar,
} from '../../../test/page-test-kit';
import NoticePage from '.';

// The notice page's audience (issue 47, decision 0038): whom adding a notice sends it to — all,
// roles or departments, chosen from the notice module's own lists — and, once published, who it
// was sent to, shown and not changed.

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const published: Notice = {
  ...auditColumns,
  id: '7',
  tenantId: '000000',
  title: '病区停水通知',
  category: 1,
  releaseTime: '2026-12-01 08:00:00',
  content: '<p>周六停水</p>',
  audienceType: 'depts',
  audienceIds: '21,22',
  audienceNames: '内科病房,外科病房',
};

vi.mock('../../../api/desk/notice', () => ({
  list: vi.fn(() => Promise.resolve(onePage(published))),
  detail: vi.fn(() => Promise.resolve(published)),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
  audienceChoices: vi.fn((choices: 'roles' | 'depts') =>
    Promise.resolve(
      choices === 'roles'
        ? [
            { id: '11', parentId: '0', title: '护士', key: '11', value: '11', hasChildren: false },
            { id: '12', parentId: '0', title: '药师', key: '12', value: '12', hasChildren: false },
          ]
        : [],
    ),
  ),
}));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() => Promise.resolve([{ dictKey: '1', dictValue: '发布通知' }])),
}));
// The editor (tiptap, downloaded on demand) as a plain text area: this test is about the audience.
vi.mock('../../../components/rich-text', () => ({
  RichTextField: (props: { id?: string; value?: string; onChange?: (value: string) => void }) => (
    <textarea id={props.id} value={props.value ?? ''} onChange={(e) => props.onChange?.(e.target.value)} />
  ),
  SafeHtml: ({ html }: { html?: string | null }) => <div>{html}</div>,
}));

beforeEach(() => grantOnly('notice_add', 'notice_edit', 'notice_delete', 'notice_view'));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/desk/notice/index', <NoticePage />, { title: '通知公告', showing: '病区停水通知' });

/** The add dialog with its title and category filled in. */
async function addDialog(page: HTMLElement) {
  fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
  const dialog = await findDialog('新增');
  fireEvent.change(within(dialog).getByLabelText('通知标题'), { target: { value: '全员培训' } });
  fireEvent.mouseDown(within(dialog).getByLabelText('通知类型'));
  fireEvent.click(await screen.findByTitle('发布通知'));
  return dialog;
}

describe('notices page: the audience', () => {
  it('adds a notice to all by default, asking for no roles or departments', async () => {
    const page = await openPage();
    const dialog = await addDialog(page);
    const audience = within(dialog).getByRole('radiogroup', { name: '通知范围' });
    expect(within(audience).getByRole('radio', { name: '全部用户' })).toHaveProperty('checked', true);
    expect(within(dialog).getByLabelText('通知对象')).toHaveProperty('placeholder', '本租户全部启用的用户');
    expect(within(dialog).getByText(/保存即发布/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(noticeApi.submit).toHaveBeenCalledWith(
        expect.objectContaining({ title: '全员培训', audienceType: 'all' }),
      ),
    );
    expect(noticeApi.audienceChoices).not.toHaveBeenCalled();
  });

  it('adds a notice to roles picked from the notice module’s list, sent comma-joined', async () => {
    const page = await openPage();
    const dialog = await addDialog(page);
    fireEvent.click(within(dialog).getByRole('radio', { name: '指定角色' }));
    // Roles are required once the audience is roles.
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择接收通知的角色')).toBeTruthy();
    expect(noticeApi.submit).not.toHaveBeenCalled();

    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    expect(noticeApi.audienceChoices).toHaveBeenCalledWith('roles');
    fireEvent.mouseDown(within(dialog).getByLabelText('通知对象'));
    fireEvent.click(await screen.findByTitle('护士'));
    fireEvent.click(await screen.findByTitle('药师'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(noticeApi.submit).toHaveBeenCalledWith(
        expect.objectContaining({ audienceType: 'roles', audienceIds: '11,12' }),
      ),
    );
  });

  it('forgets the roles chosen when the audience turns to departments, and says when there are none', async () => {
    const page = await openPage();
    const dialog = await addDialog(page);
    fireEvent.click(within(dialog).getByRole('radio', { name: '指定角色' }));
    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText('通知对象'));
    fireEvent.click(await screen.findByTitle('护士'));
    fireEvent.click(within(dialog).getByRole('radio', { name: '指定部门' }));
    // 加载中 while the departments load, then the choice.
    expect(await within(dialog).findByText('加载中')).toBeTruthy();
    expect(await within(dialog).findByText('请选择部门')).toBeTruthy();
    expect(noticeApi.audienceChoices).toHaveBeenCalledWith('depts');
    fireEvent.mouseDown(within(dialog).getByLabelText('通知对象'));
    await waitFor(() =>
      expect(document.querySelector('.ant-select-dropdown .ant-empty-description')?.textContent).toBe(
        '暂无数据',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择接收通知的部门')).toBeTruthy();
    expect(noticeApi.submit).not.toHaveBeenCalled();
    expect(messages()).toEqual([]);
  });

  it('shows whom a published notice was sent to, and does not let an edit change it', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('编辑');
    const audience = await within(dialog).findByRole('radiogroup', { name: '通知范围' });
    expect(within(audience).getByRole('radio', { name: '指定部门' })).toHaveProperty('checked', true);
    for (const radio of within(audience).getAllByRole('radio'))
      expect(radio).toHaveProperty('disabled', true);
    const names = within(dialog).getByLabelText('通知对象');
    expect(names).toHaveProperty('value', '内科病房,外科病房');
    expect(names).toHaveProperty('disabled', true);
    expect(noticeApi.audienceChoices).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    const page = await renderPageAt('/desk/notice/index', <NoticePage />, {
      title: 'Notices',
      showing: '病区停水通知',
    });
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Add');
    const audience = within(dialog).getByRole('radiogroup', { name: 'Audience' });
    expect(
      within(audience)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['All users', 'Roles', 'Departments']);
    expect(within(dialog).getByLabelText('Recipients')).toHaveProperty(
      'placeholder',
      'Every enabled user of the tenant',
    );
  });
});
