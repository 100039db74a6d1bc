import type { Datasource } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as datasourceApi from '../../../api/develop/datasource';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import DatasourcePage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

function postgres(): Datasource {
  return {
    id: '1',
    name: '业务主库',
    kind: 'postgres',
    host: 'db.internal',
    port: 5432,
    database: 'business',
    username: 'app',
    hasPassword: true,
    options: { ssl: true, schema: 'app' },
    remark: null,
    url: 'jdbc:postgresql://db.internal:5432/business?ssl=true&currentSchema=app',
    driverClass: 'org.postgresql.Driver',
    ...auditColumns,
  };
}

function sqlite(): Datasource {
  return {
    id: '2',
    name: '本地文件',
    kind: 'sqlite',
    host: null,
    port: null,
    database: 'sqlite/local.db',
    username: null,
    hasPassword: false,
    options: {},
    remark: null,
    url: 'jdbc:sqlite:sqlite/local.db',
    driverClass: 'org.sqlite.JDBC',
    ...auditColumns,
  };
}

vi.mock('../../../api/develop/datasource', async () => {
  const { crudApiMock, onePage } = await import('../../../test/fixtures');
  return {
    ...crudApiMock(postgres),
    list: vi.fn(() => Promise.resolve(onePage(postgres(), sqlite()))),
    select: vi.fn(() => Promise.resolve([])),
    test: vi.fn(() =>
      Promise.resolve({ connected: true, millis: 12, serverVersion: 'PostgreSQL 16.2', message: null }),
    ),
  };
});

beforeEach(() => grantOnly('datasource_add', 'datasource_edit', 'datasource_delete', 'datasource_view'));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/tool/datasource/index', <DatasourcePage />, { title: '数据源管理', showing: '业务主库' });

/** The question before saving settings whose test failed. */
const asked = () => findDialog('连接测试未通过');

const rowOf = (page: HTMLElement, name: string) => within(page).getByText(name).closest<HTMLElement>('tr')!;

describe('data sources page', () => {
  it('lists kinds and whether a password is set, and tests a stored source from its row', async () => {
    const page = await openPage();
    const main = rowOf(page, '业务主库');
    expect(within(main).getByText('PostgreSQL')).toBeTruthy();
    expect(within(main).getByText('已设置')).toBeTruthy();
    const file = rowOf(page, '本地文件');
    expect(within(file).getByText('SQLite')).toBeTruthy();
    expect(within(file).getByText('未设置')).toBeTruthy();

    fireEvent.click(within(main).getByRole('button', { name: '测试连接' }));
    expect(
      await screen.findByText('“业务主库”连接成功：用时 12 ms，服务器版本：PostgreSQL 16.2'),
    ).toBeTruthy();
    const sent = vi.mocked(datasourceApi.test).mock.lastCall![0];
    // The id stands for the stored password, which the page never has.
    expect(sent).toMatchObject({ id: '1', kind: 'postgres', host: 'db.internal', database: 'business' });
    expect('password' in sent).toBe(false);

    vi.mocked(datasourceApi.test).mockResolvedValueOnce({
      connected: false,
      millis: 5003,
      serverVersion: null,
      message: '连接超时',
    });
    fireEvent.click(within(file).getByRole('button', { name: '测试连接' }));
    expect(await screen.findByText('“本地文件”连接失败：连接超时')).toBeTruthy();
    expect(vi.mocked(datasourceApi.test).mock.lastCall![0]).toMatchObject({ id: '2', kind: 'sqlite' });
  });

  it('edits without a password: the dialog’s test and the save send none, so the stored one stays', async () => {
    const page = await openPage();
    fireEvent.click(within(rowOf(page, '业务主库')).getByRole('button', { name: '编辑' }));
    const edit = await findDialog('编辑');
    await within(edit).findByDisplayValue('db.internal');
    const password = within(edit).getByLabelText('密码') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.getAttribute('type')).toBe('password');
    expect(within(edit).getByText('留空则保持原密码')).toBeTruthy();

    fireEvent.click(within(edit).getByRole('button', { name: '测试连接' }));
    expect(await within(edit).findByText('连接成功')).toBeTruthy();
    expect(within(edit).getByText('用时 12 ms，服务器版本：PostgreSQL 16.2')).toBeTruthy();
    const tested = vi.mocked(datasourceApi.test).mock.lastCall![0];
    expect(tested).toMatchObject({ id: '1', host: 'db.internal', options: { ssl: true, schema: 'app' } });
    expect('password' in tested).toBe(false);

    fireEvent.click(within(edit).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    const saved = vi.mocked(datasourceApi.submit).mock.lastCall![0];
    expect(saved).toEqual({
      id: '1',
      name: '业务主库',
      kind: 'postgres',
      host: 'db.internal',
      port: 5432,
      database: 'business',
      username: 'app',
      options: { ssl: true, schema: 'app' },
      remark: null,
    });
  });

  it('adds an SQLite file: the port follows the kind, and a server’s fields are off and not sent', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '新增' }));
    const add = await findDialog('新增');
    const port = within(add).getByLabelText('端口') as HTMLInputElement;
    expect(port.value).toBe('5432');
    fireEvent.click(within(add).getByRole('radio', { name: 'MySQL / MariaDB' }));
    await waitFor(() => expect(port.value).toBe('3306'));

    fireEvent.change(within(add).getByLabelText('主机'), { target: { value: 'mysql.internal' } });
    fireEvent.click(within(add).getByRole('radio', { name: 'SQLite' }));
    const host = within(add).getByLabelText('主机') as HTMLInputElement;
    await waitFor(() => expect(host.disabled).toBe(true));
    expect(host.getAttribute('placeholder')).toBe('SQLite 不用');
    expect((within(add).getByLabelText('密码') as HTMLInputElement).disabled).toBe(true);
    expect(port.value).toBe('');

    fireEvent.change(within(add).getByLabelText('名称'), { target: { value: '报表文件' } });
    fireEvent.change(within(add).getByLabelText('数据库'), { target: { value: 'sqlite/report.db' } });
    fireEvent.click(within(add).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(vi.mocked(datasourceApi.submit).mock.lastCall![0]).toEqual({
      name: '报表文件',
      kind: 'sqlite',
      host: null,
      port: null,
      database: 'sqlite/report.db',
      username: null,
      options: {},
      remark: null,
    });
  });

  it('saving untested settings tests them; a failed test is said, and saved only when confirmed (issue 45)', async () => {
    const failed = {
      connected: false,
      millis: 31,
      serverVersion: null,
      message: 'password authentication failed for user "app"',
    };
    vi.mocked(datasourceApi.test).mockResolvedValueOnce(failed).mockResolvedValueOnce(failed);
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '新增' }));
    const add = await findDialog('新增');
    fireEvent.change(within(add).getByLabelText('名称'), { target: { value: '新库' } });
    fireEvent.change(within(add).getByLabelText('主机'), { target: { value: 'db.internal' } });
    fireEvent.change(within(add).getByLabelText('数据库'), { target: { value: 'shop' } });
    fireEvent.change(within(add).getByLabelText('用户名'), { target: { value: 'app' } });

    // Never tested: 保存 tests first, says why it failed and asks; 取消 saves nothing.
    fireEvent.click(within(add).getByRole('button', { name: '保存' }));
    const ask = await asked();
    expect(ask.textContent).toContain('用这些设置连接失败：password authentication failed for user "app"');
    expect(vi.mocked(datasourceApi.test).mock.lastCall![0]).toMatchObject({
      host: 'db.internal',
      database: 'shop',
    });
    fireEvent.click(within(ask).getByRole('button', { name: /^取\s*消$/ }));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(datasourceApi.submit).not.toHaveBeenCalled();
    expect(within(add).getByDisplayValue('db.internal')).toBeTruthy();

    // Its last test failed: 保存 tests again and asks again; 仍然保存 saves.
    const save = within(add).getByRole('button', { name: '保存' });
    // The first save has ended (its button spins no more).
    await waitFor(() => expect(save.classList.contains('ant-btn-loading')).toBe(false));
    fireEvent.click(save);
    fireEvent.click(within(await asked()).getByRole('button', { name: '仍然保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(datasourceApi.test).toHaveBeenCalledTimes(2);
    expect(vi.mocked(datasourceApi.submit).mock.lastCall![0]).toMatchObject({
      name: '新库',
      host: 'db.internal',
    });
  });

  it('saves settings whose test connected without testing again or asking', async () => {
    const page = await openPage();
    fireEvent.click(within(rowOf(page, '业务主库')).getByRole('button', { name: '编辑' }));
    const edit = await findDialog('编辑');
    await within(edit).findByDisplayValue('db.internal');
    fireEvent.click(within(edit).getByRole('button', { name: '测试连接' }));
    expect(await within(edit).findByText('连接成功')).toBeTruthy();
    fireEvent.click(within(edit).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(datasourceApi.test).toHaveBeenCalledTimes(1);

    // Untested settings that connect: tested on save, saved without a question.
    fireEvent.click(within(rowOf(page, '业务主库')).getByRole('button', { name: '编辑' }));
    const again = await findDialog('编辑');
    await within(again).findByDisplayValue('db.internal');
    fireEvent.change(within(again).getByLabelText('数据库'), { target: { value: 'business2' } });
    fireEvent.click(within(again).getByRole('button', { name: '修改' }));
    await waitFor(() => expect(datasourceApi.submit).toHaveBeenCalledTimes(2));
    expect(datasourceApi.test).toHaveBeenCalledTimes(2);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });
});
