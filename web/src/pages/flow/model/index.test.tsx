import type { FlowModel } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as modelApi from '../../../api/flow/model';
import { RequestError } from '../../../api/request';
import { auditColumns, onePage } from '../../../test/fixtures';
import {
  findDialog,
  grantOnly,
  messages,
  renderPageAt,
  resetPageTest,
  toolbar,
} from '../../../test/page-test-kit';
import ModelPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const model = (id: string, name: string, modelKey: string): FlowModel => ({
  ...auditColumns,
  id,
  tenantId: '000000',
  modelKey,
  name,
  category: 'flow_1',
  description: null,
  version: 2,
  deployTime: null,
});

// bpmn-js does not run in jsdom: a designer whose XML is what it was given, or the "edit" set here.
const designer = vi.hoisted(() => ({ edited: undefined as string | undefined }));
vi.mock('../../../components/bpmn', async () => {
  const { forwardRef, useImperativeHandle } = await import('react');
  const BpmnDesigner = forwardRef<
    { getXml(): Promise<string> },
    { xml: string | undefined; processKey?: string }
  >(function MockDesigner({ xml, processKey }, ref) {
    useImperativeHandle(ref, () => ({ getXml: () => Promise.resolve(designer.edited ?? xml ?? '') }));
    return <div data-testid="designer" data-xml={xml} data-key={processKey} />;
  });
  return {
    BpmnDesigner,
    emptyProcessXml: (key: string, name: string) => `<empty key="${key}" name="${name}"/>`,
    ProcessDiagramDialog: () => null,
  };
});
vi.mock('../../../api/flow/model', () => ({
  list: vi.fn(() => Promise.resolve(onePage(model('1', '请假', 'Leave')))),
  detail: vi.fn(),
  submit: vi.fn(),
  remove: vi.fn(() => Promise.resolve(true)),
  detailWithXml: vi.fn(() =>
    Promise.resolve({ ...model('1', '请假', 'Leave'), xml: '<leave/>', modelEditorXml: '<leave/>' }),
  ),
  deploy: vi.fn(() => Promise.resolve([])),
}));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() => Promise.resolve([{ dictKey: '1', dictValue: '请假流程' }])),
}));

beforeEach(() => {
  designer.edited = undefined;
  grantOnly('flow_model_add', 'flow_model_edit', 'flow_model_delete', 'flow_model_view', 'flow_model_deploy');
});

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/flow/model/index', <ModelPage />, { title: '模型管理', showing: 'Leave' });
const designerPage = (title: string) => screen.findByRole('region', { name: title });

describe('model page', () => {
  it('shows the category by its label, and saves a new model with the designer’s XML', async () => {
    const page = await openPage();
    const row = within(page).getByText('Leave').closest('tr')!;
    expect(await within(row).findByText('请假流程')).toBeTruthy();

    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    let design = await designerPage('新建模型');
    // A new model starts from an empty process whose id is the key the form starts with.
    const key = (within(design).getByLabelText('模型标识') as HTMLInputElement).value;
    expect(key).toMatch(/^process_/);
    expect(within(design).getByTestId('designer').dataset.xml).toBe(`<empty key="${key}" name=""/>`);

    fireEvent.change(within(design).getByLabelText('模型名称'), { target: { value: ' 报销 ' } });
    fireEvent.change(within(design).getByLabelText('模型标识'), { target: { value: 'Expense' } });
    await waitFor(() => expect(within(design).getByTestId('designer').dataset.key).toBe('Expense'));
    designer.edited = '<expense/>';

    // The server refuses the diagram (its message is the request layer's): the work stays on screen.
    vi.mocked(modelApi.submit).mockRejectedValueOnce(new RequestError('流程模型有误: 没有结束事件', 400));
    fireEvent.click(within(design).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(modelApi.submit).toHaveBeenCalledTimes(1));
    expect(vi.mocked(modelApi.submit).mock.calls[0]![0]).toEqual({
      id: undefined,
      modelKey: 'Expense',
      name: '报销',
      category: null,
      description: null,
      xml: '<expense/>',
    });
    await waitFor(() =>
      expect(within(design).getByRole('button', { name: '保存' }).hasAttribute('disabled')).toBe(false),
    );
    expect((within(design).getByLabelText('模型名称') as HTMLInputElement).value).toBe(' 报销 ');

    const listed = vi.mocked(modelApi.list).mock.calls.length;
    vi.mocked(modelApi.submit).mockResolvedValueOnce(model('2', '报销', 'Expense'));
    fireEvent.click(within(design).getByRole('button', { name: '保存' }));
    design = await designerPage('设计模型: 报销');
    await waitFor(() => expect(messages()).toContain('保存成功'));
    // The key is fixed once saved; the table is asked again.
    expect(within(design).getByLabelText('模型标识').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(vi.mocked(modelApi.list).mock.calls.length).toBeGreaterThan(listed));

    // Nothing changed since: 返回 goes straight back to the table, as it was.
    fireEvent.click(within(design).getByRole('button', { name: '返回' }));
    expect(await screen.findByRole('region', { name: '模型管理' })).toBe(page);
    expect(screen.queryByRole('region', { name: '设计模型: 报销' })).toBeNull();
  });

  it('asks before leaving a design with unsaved changes', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '设计' }));
    const design = await designerPage('设计模型: 请假');
    expect(modelApi.detailWithXml).toHaveBeenCalledWith('1');
    await waitFor(() =>
      expect((within(design).getByLabelText('模型名称') as HTMLInputElement).value).toBe('请假'),
    );
    expect(within(design).getByTestId('designer').dataset.xml).toBe('<leave/>');

    fireEvent.change(within(design).getByLabelText('模型名称'), { target: { value: '请假（新）' } });
    fireEvent.click(within(design).getByRole('button', { name: '返回' }));
    let confirm = await findDialog('放弃修改?');
    fireEvent.click(within(confirm).getByRole('button', { name: '继续编辑' }));
    await waitFor(() =>
      expect(screen.queryByText('模型有未保存的修改，返回后这些修改将丢失。确定返回?')).toBeNull(),
    );
    expect(screen.getByRole('region', { name: '设计模型: 请假' })).toBe(design);

    fireEvent.click(within(design).getByRole('button', { name: '返回' }));
    confirm = await findDialog('放弃修改?');
    fireEvent.click(within(confirm).getByRole('button', { name: '放弃修改' }));
    expect(await screen.findByRole('region', { name: '模型管理' })).toBe(page);
    expect(modelApi.submit).not.toHaveBeenCalled();
  });
});
