import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  IdQuery,
  RefundDecisionQuery,
  RefundRejectQuery,
  RefundReviewSchema,
} from '@console/contract/schema';
import { ok } from '../../../core/envelope.js';
import { Envelope, IdsQuery, ListQuerySchema, PageOf } from '../../../core/schema.js';
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
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(RefundReviewSchema)) } },
      config: { menu: 'refund' },
    },
    async (req) => ok(await refunds.list(req.actor, req.query), req.t('ok')),
  );
  // The detail shows the customer's whole phone: the reviewer's button, not every signed-in user.
  app.get(
    '/detail',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(RefundReviewSchema) } },
      config: { button: 'refund_view' },
    },
    async (req) => ok(await refunds.detail(req.actor, req.query.id), req.t('ok')),
  );
  app.post(
    '/remove',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { button: 'refund_delete' },
    },
    async (req) => {
      await refunds.remove(req.actor, req.query.ids);
      return ok(true, req.t('deleted'));
    },
  );
  app.post(
    '/agree',
    {
      schema: { querystring: RefundDecisionQuery, response: { 200: Envelope(RefundReviewSchema) } },
      config: { button: 'refund_agree' },
    },
    async (req) => ok(await refunds.agree(req.actor, req.query.id), req.t('refund.agreed')),
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
