import type { Alert, AlertRule } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as alertApi from '../../../api/business/alert';
import { changeLanguage } from '../../../i18n';
import { auditColumns, onePage, treeNode } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import AlertPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const rule = (id: string, ruleName: string, fields: Partial<AlertRule>): AlertRule => ({
  id,
  tenantId: '000000',
  ruleName,
  kind: 'slot-fault',
  threshold: null,
  roleIds: 'r1',
  hospitalIds: null,
  sms: 0,
  remark: null,
  ...auditColumns,
  ...fields,
});

const incident = (id: string, subject: string, closedTime: string | null): Alert => ({
  id,
  tenantId: '000000',
  ruleId: '1',
  ruleName: '机器失联半小时',
  kind: 'machine-silent',
  subject,
  hospitalId: 'h1',
  state: closedTime ? 'closed' : 'open',
  openedTime: '2026-12-07 08:00:00',
  closedTime,
});

vi.mock('../../../api/business/alert', () => ({
  list: vi.fn(() =>
    Promise.resolve(
      onePage(
        rule('1', '机器失联半小时', { kind: 'machine-silent', threshold: 30, sms: 1 }),
        rule('2', '退款待审一天', {
          kind: 'refund-waiting',
          threshold: 24,
          hospitalIds: 'h1',
          roleIds: 'r1,r2',
        }),
      ),
    ),
  ),
  detail: vi.fn(),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
  alerts: vi.fn(() =>
    Promise.resolve(
      onePage(incident('11', '机器 M001', null), incident('12', '机器 M002', '2026-12-07 09:00:00')),
    ),
  ),
}));
vi.mock('../../../api/business/hospital', () => ({
  list: vi.fn(() => Promise.resolve(onePage({ id: 'h1', hospitalName: '协和医院' }))),
}));
vi.mock('../../../api/system/role', () => ({
  tree: vi.fn(() => Promise.resolve([treeNode('r1', '值班主管'), treeNode('r2', '运维人员')])),
}));

beforeEach(() => grantOnly('alert_add', 'alert_edit', 'alert_delete', 'alert_view'));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/business/alert/index', <AlertPage />, { title: '告警中心', showing: '机器失联半小时' });

/** The choice `title` of the open dropdown (a select's or a tree select's). */
const choose = async (title: string) => {
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`.ant-select-dropdown [title="${title}"]`)].at(
      -1,
    );
    if (!found) throw new Error(`no choice ${title}`);
    return found;
  });
  fireEvent.click(option);
};

const openChoices = (dialog: HTMLElement, label: string) =>
  fireEvent.mouseDown(within(dialog).getByLabelText(label));

describe('alerts page', () => {
  it('lists the rules with their thresholds’ units, roles, hospitals (or all) and SMS in words', async () => {
    const page = await openPage();
    const rules = within(page).getByRole('region', { name: '告警规则' });
    expect(within(rules).getByText('30 分钟')).toBeTruthy();
    expect(within(rules).getByText('24 小时')).toBeTruthy();
    expect(await within(rules).findByText('值班主管、运维人员')).toBeTruthy();
    expect(await within(rules).findByText('协和医院')).toBeTruthy();
    expect(within(rules).getByText('全部医院')).toBeTruthy();
    expect(within(rules).getByText('机器失联')).toBeTruthy();
    expect(within(rules).getByText('退款待审超时')).toBeTruthy();
  });

  it('asks for the threshold of a machine-silent rule, and sends the rule with ids joined and SMS as 1', async () => {
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    fireEvent.change(within(dialog).getByLabelText('规则名称'), { target: { value: ' 机器失联 ' } });
    openChoices(dialog, '通知角色');
    await choose('值班主管');
    await choose('运维人员');
    openChoices(dialog, '医院');
    await choose('协和医院');
    fireEvent.click(within(dialog).getByLabelText('短信通知'));
    // 机器失联 is chosen to start with: its threshold counts minutes and is required.
    expect(within(dialog).getByText('分钟')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入阈值')).toBeTruthy();
    expect(alertApi.submit).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('阈值'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(alertApi.submit).toHaveBeenCalledWith({
        ruleName: '机器失联',
        kind: 'machine-silent',
        threshold: 30,
        roleIds: 'r1,r2',
        hospitalIds: 'h1',
        sms: 1,
        status: 1,
        remark: null,
      }),
    );
  });

  it('needs no threshold for a slot-fault rule: all hospitals, no SMS', async () => {
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    fireEvent.change(within(dialog).getByLabelText('规则名称'), { target: { value: '格口故障' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入阈值')).toBeTruthy();
    // Another kind takes the message back.
    openChoices(dialog, '告警类型');
    await choose('格口故障');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('阈值') as HTMLInputElement).disabled).toBe(true),
    );
    expect(within(dialog).getByPlaceholderText('此类型不需要阈值')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText('请输入阈值')).toBeNull());
    openChoices(dialog, '通知角色');
    await choose('运维人员');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(alertApi.submit).toHaveBeenCalledWith(
        expect.objectContaining({
          ruleName: '格口故障',
          kind: 'slot-fault',
          threshold: null,
          roleIds: 'r2',
          hospitalIds: null,
          sms: 0,
          status: 1,
        }),
      ),
    );
    expect(screen.queryByText('请输入阈值')).toBeNull();
  });

  it('edits a refund-waiting rule in hours; another kind drops its threshold', async () => {
    const page = await openPage();
    vi.mocked(alertApi.detail).mockResolvedValueOnce(
      rule('2', '退款待审一天', {
        kind: 'refund-waiting',
        threshold: 24,
        hospitalIds: 'h1',
        roleIds: 'r1,r2',
      }),
    );
    const row = within(page).getByText('退款待审一天').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('编辑');
    expect(await within(dialog).findByText('小时')).toBeTruthy();
    expect((within(dialog).getByLabelText('阈值') as HTMLInputElement).value).toBe('24');
    openChoices(dialog, '告警类型');
    await choose('升级失败');
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    await waitFor(() =>
      expect(alertApi.submit).toHaveBeenCalledWith(
        expect.objectContaining({
          id: '2',
          kind: 'update-failed',
          threshold: null,
          roleIds: 'r1,r2',
          hospitalIds: 'h1',
        }),
      ),
    );
  });

  it('shows the incidents’ states in words, in both languages', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('tab', { name: '告警记录' }));
    const incidents = await within(page).findByRole('region', { name: '告警记录' });
    expect(await within(incidents).findByText('告警中')).toBeTruthy();
    expect(within(incidents).getByText('已恢复')).toBeTruthy();
    expect(within(incidents).getByText('机器 M001')).toBeTruthy();
    expect(within(incidents).getAllByText('机器失联半小时').length).toBe(2);
    expect(alertApi.alerts).toHaveBeenCalledWith(1, expect.any(Number), expect.anything());

    await changeLanguage('en');
    expect(await within(incidents).findByText('Alerting')).toBeTruthy();
    expect(within(incidents).getByText('Recovered')).toBeTruthy();
  });
});
