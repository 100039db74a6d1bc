import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REFUND_REVIEW_STATUS } from '@console/contract/business';
import { RefundDecisionQuery, RefundRejectQuery, RefundReviewSchema } from '@console/contract/schema';
import { ok } from '../../../core/envelope.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { Envelope } from '../../../core/schema.js';
import type { RefundService } from './refund.service.js';

/** An amount of cents as yuan (a number: the sheet keeps it a number). */
const yuan = (cents: unknown) => (typeof cents === 'number' ? Math.round(cents) / 100 : null);

/** /api/zxgxg-api/refund/review (spec §7, "Business"): list, detail, remove, agree, reject, export. */
export const refundRoutes: FastifyPluginAsyncTypebox<{ refunds: RefundService }> = async (
  app,
  { refunds },
) => {
  registerCrudRoutes(app, {
    entity: RefundReviewSchema,
    // A review is decided (agree, reject below), never written: there is no submit.
    routes: ['list', 'detail', 'remove'],
    service: refunds,
    // 导出: the page's visible columns of its search (decision 0045); phones masked as the list
    // masks them, amounts in yuan as the page shows them (the wire's are cents).
    export: {
      button: 'refund_export',
      dicts: { reviewStatus: 'refund_review_status' },
      names: { hospitalId: 'hospitalName', reviewerId: 'reviewerName' },
      values: { orderAmount: yuan, refundAmount: yuan },
      title: 'sheet.refunds',
    },
    access: {
      read: { menu: 'refund' },
      // The detail shows the customer's whole phone: the reviewer's button, not every signed-in user.
      detail: { button: 'refund_view' },
      remove: { button: 'refund_delete' },
    },
  });
  app.post(
    '/agree',
    {
      schema: { querystring: RefundDecisionQuery, response: { 200: Envelope(RefundReviewSchema) } },
      config: { button: 'refund_agree' },
    },
    async (req) => {
      const refund = await refunds.agree(req.actor, req.query.id);
      // Above the tenant's threshold the refund stays pending: its second approval has started.
      const started = refund.reviewStatus === REFUND_REVIEW_STATUS.PENDING;
      return ok(refund, req.t(started ? 'refund.approval.started' : 'refund.agreed'));
    },
  );
  app.post(
    '/reject',
    {
      schema: { querystring: RefundRejectQuery, response: { 200: Envelope(RefundReviewSchema) } },
      config: { button: 'refund_reject' },
    },
    async (req) =>
      ok(await refunds.reject(req.actor, req.query.id, req.query.remark), req.t('refund.rejected')),
  );
};
