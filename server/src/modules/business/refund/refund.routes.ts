import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REFUND_REVIEW_STATUS } from '@console/contract/business';
import { RefundDecisionQuery, RefundRejectQuery, RefundReviewSchema } from '@console/contract/schema';
import { ok } from '../../../core/envelope.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { Envelope } from '../../../core/schema.js';
import type { RefundReview } from '@console/contract';
import type { Store } from '../../../core/repository/store.js';
import { dictLabels } from '../sheets/dict-labels.repository.js';
import { registerSheetRoutes } from '../sheets/sheet-routes.js';
import { refundColumns } from './refund.sheet.js';
import type { RefundService } from './refund.service.js';

/** /api/zxgxg-api/refund/review (spec §7, "Business"): list, detail, remove, agree, reject. */
export const refundRoutes: FastifyPluginAsyncTypebox<{ refunds: RefundService; store: Store }> = async (
  app,
  { refunds, store },
) => {
  registerCrudRoutes(app, {
    entity: RefundReviewSchema,
    // A review is decided (agree, reject below), never written: there is no submit.
    routes: ['list', 'detail', 'remove'],
    service: refunds,
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

  await registerSheetRoutes<RefundReview>(app, {
    menu: 'refund',
    title: 'sheet.refunds',
    columns: async (language) => refundColumns(await dictLabels(store, 'refund_review_status', language)),
    exportRows: (actor, query) => refunds.exportRows(actor, query),
  });
};
