import type { RefundReview } from '@console/contract';
import type { DictLabels, SheetColumn } from '../sheets/sheet.js';

const yuan = (cents: number) => Math.round(cents) / 100;

/** The refund reviews' export: as the list shows them (phones masked), amounts in yuan. */
export function refundColumns(statuses: DictLabels): SheetColumn<RefundReview>[] {
  return [
    { header: 'refund.orderNo', width: 24, value: (r) => r.orderNo },
    { header: 'machine.machineNo', value: (r) => r.machineNo },
    { header: 'slot.slotNo', value: (r) => r.slotNo },
    { header: 'machine.hospitalId', width: 24, value: (r) => r.hospitalName },
    { header: 'refund.customerPhone', value: (r) => r.customerPhone },
    { header: 'sheet.orderAmountYuan', value: (r) => yuan(r.orderAmount) },
    { header: 'sheet.refundAmountYuan', value: (r) => yuan(r.refundAmount) },
    { header: 'refund.reason', width: 28, value: (r) => r.reason },
    { header: 'refund.applyTime', width: 20, value: (r) => r.applyTime },
    { header: 'refund.reviewStatus', labels: statuses, value: (r) => r.reviewStatus },
    { header: 'refund.reviewer', value: (r) => r.reviewerName },
    { header: 'refund.reviewTime', width: 20, value: (r) => r.reviewTime },
    { header: 'refund.reviewRemark', width: 28, value: (r) => r.reviewRemark },
  ];
}
