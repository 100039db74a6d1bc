import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { type RefundReview } from '@console/contract';
import { REFUND_REVIEW_STATUS } from '@console/contract/business';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import './locales';
import * as refundApi from '../../../api/business/refund';
import { CrudPage, defineCrud, type CrudActionContext, type CrudApi, type CrudColumn } from '../../../crud';
import { ReadOnlyValue } from '../apk/ReadOnlyValue';
import { DecisionDialog, type DecisionKind } from './DecisionDialog';
import { formatYuan } from './money';

const STATUS_COLORS: Record<number, string> = {
  [REFUND_REVIEW_STATUS.PENDING]: 'processing',
  [REFUND_REVIEW_STATUS.AGREED]: 'success',
  [REFUND_REVIEW_STATUS.REJECTED]: 'error',
};

const isPending = (row: RefundReview) => row.reviewStatus === REFUND_REVIEW_STATUS.PENDING;

/** An amount in cents, in yuan: the table's cell and the detail's read-only field. */
const amountColumn = (prop: 'orderAmount' | 'refundAmount', secondary = false): CrudColumn<RefundReview> => ({
  prop,
  label: `business.refund.${prop}`,
  table: { secondary, content: 'number', align: 'right', sort: true, render: (cents) => formatYuan(cents) },
  form: { render: () => <ReadOnlyValue format={(cents) => formatYuan(cents as number | null)} /> },
});

/**
 * The table's and the detail's fields. Refunds come from the machines' payment side: the dialog
 * only views (refund_view), with the customer's whole phone (lists show it masked).
 */
const columns: CrudColumn<RefundReview>[] = [
  { prop: 'orderNo', label: 'business.refund.orderNo', search: true, table: { content: 'code' } },
  { prop: 'machineNo', label: 'business.refund.machineNo', search: true, table: { content: 'code' } },
  {
    prop: 'slotNo',
    label: 'business.refund.slotNo',
    table: { secondary: true, content: 'number', align: 'right' },
  },
  { prop: 'hospitalName', label: 'business.refund.hospitalName', table: { secondary: true } },
  { prop: 'customerOpenId', label: 'business.refund.customerOpenId', table: false },
  {
    prop: 'customerPhone',
    label: 'business.refund.customerPhone',
    table: { secondary: true, content: 'phone' },
  },
  // The refund's own amount matters most; the order's may leave a narrow table.
  amountColumn('orderAmount', true),
  amountColumn('refundAmount'),
  { prop: 'reason', label: 'business.refund.reason', type: 'textarea', table: { ellipsis: true } },
  {
    prop: 'applyTime',
    label: 'business.refund.applyTime',
    search: { range: true },
    table: { content: 'datetime', sort: true },
  },
  {
    prop: 'reviewStatus',
    label: 'business.refund.reviewStatus',
    type: 'select',
    dict: { code: 'refund_review_status', numeric: true },
    search: { op: 'equal' },
    table: {
      sort: true,
      render: (status, _, { labels }) => <Tag color={STATUS_COLORS[status]}>{labels[0] ?? status}</Tag>,
    },
  },
  { prop: 'reviewerName', label: 'business.refund.reviewerName', table: { secondary: true } },
  {
    prop: 'reviewTime',
    label: 'business.refund.reviewTime',
    table: { secondary: true, content: 'datetime', sort: true },
  },
  {
    prop: 'reviewRemark',
    label: 'business.refund.reviewRemark',
    type: 'textarea',
    table: { secondary: true, ellipsis: true },
  },
];

/** A decision being made, with the page's actions for when it is done. */
interface Deciding {
  refund: RefundReview;
  kind: DecisionKind;
  context: CrudActionContext<RefundReview>;
  /** Each opening mounts the dialog afresh (an empty remark). */
  key: number;
}

let openings = 0;

/**
 * Refund reviews (/api/zxgxg-api/refund/review): customers' refund requests, pending first, each
 * agreed or rejected once (refund_agree, refund_reject) while it is pending. Deleting (refund_delete)
 * asks first; 导出 (refund_export) is the kit's: the search on screen, the visible columns (amounts
 * in yuan as the table shows them, decision 0045).
 */
export default function RefundPage() {
  const [deciding, setDeciding] = useState<Deciding>();

  const config = useMemo(() => {
    const api: CrudApi<RefundReview, never> = {
      list: (current, size, filters) => refundApi.list({ ...filters, current, size }),
      detail: refundApi.detail,
      remove: (ids) => refundApi.remove(ids.join(',')),
    };
    const open = (kind: DecisionKind) => (refund: RefundReview, context: CrudActionContext<RefundReview>) =>
      setDeciding({ refund, kind, context, key: ++openings });
    return defineCrud<RefundReview, never>({
      name: 'refund',
      title: 'business.refund.title',
      rowTitle: 'orderNo',
      api,
      permissions: { view: 'refund_view', delete: 'refund_delete', bulkDelete: false },
      export: { url: '/api/zxgxg-api/refund/review/export', permission: 'refund_export' },
      // Pending (0) first, the latest requests first within each status.
      defaultSort: [
        { field: 'reviewStatus', order: 'ascend' },
        { field: 'applyTime', order: 'descend' },
      ],
      columns,
      rowActions: [
        {
          key: 'agree',
          label: 'business.refund.agree.action',
          icon: <CheckOutlined aria-hidden />,
          permission: 'refund_agree',
          visible: isPending,
          onClick: open('agree'),
        },
        {
          key: 'reject',
          label: 'business.refund.reject.action',
          icon: <CloseOutlined aria-hidden />,
          permission: 'refund_reject',
          danger: true,
          visible: isPending,
          onClick: open('reject'),
        },
      ],
    });
  }, []);

  const close = () => setDeciding(undefined);
  return (
    <CrudPage config={config}>
      <DecisionDialog
        key={`decision-${deciding?.key ?? 0}`}
        refund={deciding?.refund}
        kind={deciding?.kind ?? 'agree'}
        onClose={close}
        onDecided={(kind) => {
          close();
          deciding?.context.success(
            kind === 'agree' ? 'business.refund.agree.done' : 'business.refund.reject.done',
          );
          void deciding?.context.refresh();
        }}
        onOutdated={() => {
          close();
          void deciding?.context.refresh();
        }}
      />
    </CrudPage>
  );
}
