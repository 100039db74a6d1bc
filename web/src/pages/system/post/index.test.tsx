import type { Post } from '@console/contract';
import { fireEvent, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SheetImport from '../../../api/sheet-import';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import PostPage from '.';

// The import on a system page (issue 52): 导入 and 下载模板 are the add button's holders' (post_add),
// as the server's import routes are; a holder of the other buttons sees neither.

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 40_000 });

const stored: Post = {
  id: '1',
  tenantId: '000000',
  category: 1,
  postCode: 'ceo',
  postName: '首席执行官',
  sort: 1,
  remark: null,
  ...auditColumns,
};

vi.mock('../../../api/system/post', async () =>
  (await import('../../../test/fixtures')).crudApiMock(() => stored),
);
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() => Promise.resolve([{ dictKey: '1', dictValue: '高层' }])),
}));
const importCalls = vi.hoisted(() => ({
  template: vi.fn(),
  check: vi.fn(),
  commit: vi.fn(),
  reportSheet: vi.fn(),
}));
vi.mock('../../../api/sheet-import', async (original) => ({
  ...(await original<typeof SheetImport>()),
  importResource: () => importCalls,
}));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/system/post/index', <PostPage />, { title: '岗位管理', showing: '首席执行官' });

describe('posts page import', () => {
  it('is hidden from a user without the add button, whatever else they hold', async () => {
    grantOnly('post_view', 'post_edit', 'post_delete', 'post_export');
    const page = await openPage();
    expect(within(toolbar(page)).getByRole('button', { name: '导出' })).toBeTruthy();
    expect(within(toolbar(page)).queryByRole('button', { name: '导入' })).toBeNull();
    expect(within(toolbar(page)).queryByRole('button', { name: '下载模板' })).toBeNull();
  });

  it('is offered to the add button holder: 导入 opens the dialog, 下载模板 beside it', async () => {
    grantOnly('post_view', 'post_add');
    const page = await openPage();
    expect(within(toolbar(page)).getByRole('button', { name: '下载模板' })).toBeTruthy();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导入' }));
    const dialog = await findDialog('导入 Excel');
    // Nothing is sent before a file is chosen and checked.
    expect(importCalls.check).not.toHaveBeenCalled();
    expect(importCalls.template).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: /检\s*查/ })).toBeTruthy();
  });
});
