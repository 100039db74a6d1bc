import { type RefundReview } from '@console/contract';
import { REFUND_REVIEW_STATUS } from '@console/contract/business';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as refundApi from '../../../api/business/refund';
import type * as Files from '../../../api/files';
import { download } from '../../../api/files';
import { RequestError } from '../../../api/request';
import { saveFile } from '../../../utils/save-file';
import { auditColumns, onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import RefundPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const refund = (id: string, orderNo: string, refundAmount: number, reviewStatus: number): RefundReview => ({
  id,
  tenantId: '000000',
  orderNo,
  machineNo: 'M-001',
  slotNo: 3,
  hospitalId: '7',
  hospitalName: '第一医院',
  customerOpenId: null,
  customerPhone: '138****5678',
  orderAmount: 123_400,
  refundAmount,
  reason: '柜门未打开',
  applyTime: '2026-05-02 09:30:00',
  reviewStatus,
  reviewerId: reviewStatus === REFUND_REVIEW_STATUS.PENDING ? null : '5',
  reviewerName: reviewStatus === REFUND_REVIEW_STATUS.PENDING ? null : '王审核',
  reviewTime: reviewStatus === REFUND_REVIEW_STATUS.PENDING ? null : '2026-05-02 10:00:00',
  reviewRemark: null,
  ...auditColumns,
});

vi.mock('../../../api/business/refund', () => ({
  list: vi.fn(() => Promise.resolve(onePage(refund('1', 'NO-1', 1234, 0), refund('2', 'NO-2', 500, 1)))),
  detail: vi.fn(),
  remove: vi.fn(() => Promise.resolve(true)),
  agree: vi.fn(() => Promise.resolve({})),
  reject: vi.fn(() => Promise.resolve({})),
}));
vi.mock('../../../api/files', async (original) => ({
  ...(await original<typeof Files>()),
  download: vi.fn(() => Promise.resolve({ blob: new Blob(['x']), filename: 'refunds.xlsx' })),
}));
vi.mock('../../../utils/save-file', () => ({ saveFile: vi.fn() }));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() =>
    Promise.resolve([
      { dictKey: '0', dictValue: '待审核' },
      { dictKey: '1', dictValue: '已同意' },
      { dictKey: '2', dictValue: '已拒绝' },
    ]),
  ),
}));

beforeEach(() => grantOnly('refund_view', 'refund_delete', 'refund_agree', 'refund_reject', 'refund_export'));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/business/refund/index', <RefundPage />, { title: '退款审核', showing: 'NO-1' });

const rowOf = (page: HTMLElement, orderNo: string) =>
  within(page).getByText(orderNo).closest<HTMLElement>('tr')!;
const errors = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);

describe('refund review page', () => {
  it('lists pending refunds first, amounts in yuan, and exports the current search', async () => {
    const page = await openPage();
    expect(vi.mocked(refundApi.list).mock.calls[0]![0]).toMatchObject({
      ascs: 'reviewStatus',
      descs: 'applyTime',
      current: 1,
      size: 10,
    });
    const pending = rowOf(page, 'NO-1');
    expect(within(pending).getByText('¥12.34')).toBeTruthy();
    expect(within(pending).getByText('¥1,234.00')).toBeTruthy();
    expect(within(pending).getByText('待审核')).toBeTruthy();
    // Decided rows show the decision and offer no second one.
    const decided = rowOf(page, 'NO-2');
    expect(within(decided).getByText('已同意')).toBeTruthy();
    expect(within(decided).getByText('王审核')).toBeTruthy();
    expect(within(decided).queryByRole('button', { name: '同意' })).toBeNull();
    expect(within(decided).queryByRole('button', { name: '拒绝' })).toBeNull();

    // 导出 (the kit's): the search's sort, the visible columns in their order.
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [url, params] = vi.mocked(download).mock.calls[0]!;
    expect(url).toBe('/api/zxgxg-api/refund/review/export');
    expect(params).toMatchObject({ ascs: 'reviewStatus', descs: 'applyTime' });
    expect(String(params!.columns).split(',')).toEqual(
      expect.arrayContaining(['orderNo', 'refundAmount', 'reviewStatus']),
    );
  });

  it('agrees after a confirmation naming the order and the amount', async () => {
    const page = await openPage();
    fireEvent.click(within(rowOf(page, 'NO-1')).getByRole('button', { name: '同意' }));
    const dialog = await findDialog('同意退款');
    expect(within(dialog).getByText('确定同意订单 NO-1 的退款 ¥12.34? 同意后不能撤销')).toBeTruthy();
    expect(refundApi.agree).not.toHaveBeenCalled();
    const listed = vi.mocked(refundApi.list).mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '同意' }));
    await waitFor(() => expect(refundApi.agree).toHaveBeenCalledWith('1'));
    expect(await screen.findByText('已同意退款')).toBeTruthy();
    // The row is shown as decided: the list is asked again.
    await waitFor(() => expect(vi.mocked(refundApi.list).mock.calls.length).toBeGreaterThan(listed));
  });

  it('rejects only with a reason, and shows the row anew when someone else decided first', async () => {
    const page = await openPage();
    fireEvent.click(within(rowOf(page, 'NO-1')).getByRole('button', { name: '拒绝' }));
    let dialog = await findDialog('拒绝退款');
    expect(within(dialog).getByText('订单 NO-1，退款金额 ¥12.34')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '拒绝' }));
    await waitFor(() => expect(errors(dialog)).toEqual(['请输入拒绝理由']));
    fireEvent.change(within(dialog).getByLabelText('拒绝理由'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '拒绝' }));
    await waitFor(() => expect(errors(dialog)).toEqual(['请输入拒绝理由']));
    expect(refundApi.reject).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('拒绝理由'), { target: { value: ' 重复申请 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '拒绝' }));
    await waitFor(() => expect(refundApi.reject).toHaveBeenCalledWith('1', '重复申请'));
    expect(await screen.findByText('已拒绝退款')).toBeTruthy();

    // Another reviewer was first: the server's 400 (its message shown by the request layer) closes
    // the dialog and the list is asked again.
    vi.mocked(refundApi.reject).mockRejectedValueOnce(
      new RequestError('该退款已被 王审核 于 2026-05-02 10:00:00 同意，不能再次审核', 400),
    );
    fireEvent.click(within(rowOf(page, 'NO-1')).getByRole('button', { name: '拒绝' }));
    dialog = await findDialog('拒绝退款');
    fireEvent.change(within(dialog).getByLabelText('拒绝理由'), { target: { value: '重复申请' } });
    const listed = vi.mocked(refundApi.list).mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '拒绝' }));
    await waitFor(() => expect(vi.mocked(refundApi.list).mock.calls.length).toBeGreaterThan(listed));
    await waitFor(() => expect(screen.queryByLabelText('拒绝理由')).toBeNull());
  });
});
