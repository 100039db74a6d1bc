import { addPageTexts } from '../../../i18n/page-texts';

export const refundZh = {
  title: '退款审核',
  orderNo: '订单号',
  machineNo: '机器编号',
  slotNo: '格口号',
  hospitalName: '医院',
  customerOpenId: '用户 openId',
  customerPhone: '用户手机号',
  orderAmount: '订单金额',
  refundAmount: '退款金额',
  reason: '退款原因',
  applyTime: '申请时间',
  reviewStatus: '审核状态',
  reviewerName: '审核人',
  reviewTime: '审核时间',
  reviewRemark: '审核意见',
  subject: '订单 {{orderNo}}，退款金额 {{amount}}',
  agree: {
    action: '同意',
    title: '同意退款',
    confirm: '确定同意订单 {{orderNo}} 的退款 {{amount}}? 同意后不能撤销',
    ok: '同意',
    done: '已同意退款',
  },
  reject: {
    action: '拒绝',
    title: '拒绝退款',
    remark: '拒绝理由',
    remarkRequired: '请输入拒绝理由',
    remarkTooLong: '拒绝理由最多 {{max}} 个字符',
    ok: '拒绝',
    done: '已拒绝退款',
  },
};

export const refundEn: typeof refundZh = {
  title: 'Refund reviews',
  orderNo: 'Order number',
  machineNo: 'Machine number',
  slotNo: 'Slot',
  hospitalName: 'Hospital',
  customerOpenId: 'Customer openId',
  customerPhone: 'Customer phone',
  orderAmount: 'Order amount',
  refundAmount: 'Refund amount',
  reason: 'Reason',
  applyTime: 'Requested at',
  reviewStatus: 'Review status',
  reviewerName: 'Reviewer',
  reviewTime: 'Reviewed at',
  reviewRemark: 'Review remark',
  subject: 'Order {{orderNo}}, refund of {{amount}}',
  agree: {
    action: 'Agree',
    title: 'Agree to the refund',
    confirm: 'Agree to refund {{amount}} of order {{orderNo}}? This cannot be undone',
    ok: 'Agree',
    done: 'Refund agreed',
  },
  reject: {
    action: 'Reject',
    title: 'Reject the refund',
    remark: 'Reason for rejecting',
    remarkRequired: 'Please give the reason for rejecting',
    remarkTooLong: 'The reason can be at most {{max}} characters',
    ok: 'Reject',
    done: 'Refund rejected',
  },
};

declare module '../../../i18n/page-texts' {
  interface BusinessTexts {
    refund: typeof refundZh;
  }
}

addPageTexts('business', 'refund', refundZh, refundEn);
