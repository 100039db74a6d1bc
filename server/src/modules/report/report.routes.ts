import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ReportDataSetSchema,
  ReportExportQuery,
  ReportFilterValuesSchema,
  ReportInputSchema,
  ReportResultSchema,
  ReportRunSchema,
  ReportSchema,
} from '@console/contract/schema';
import type { ReportRun } from '@console/contract';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { badRequest } from '../../core/errors.js';
import { formatDateTime } from '../../core/dates.js';
import { ok } from '../../core/envelope.js';
import { registerCrudRoutes } from '../../core/crud-routes.js';
import { Envelope } from '../../core/schema.js';
import { REPORT_REMOVE_PATHS } from '../../core/auth/route-aliases.js';
import { reportCsv, reportXlsx } from './report-export.js';
import type { ReportService } from './report.service.js';

const VIEW = { access: 'user', button: 'report_list_view' } as const;

/** An export's `values` (a JSON array of filter values), checked as a run's are, or a 400. */
function filterValues(text: string | undefined): ReportRun['values'] {
  if (text === undefined || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('report.filter.values');
  }
  if (!Value.Check(ReportFilterValuesSchema, parsed)) throw badRequest('report.filter.values');
  return parsed;
}

/**
 * /api/blade-report/report (spec §1, §7; issue 19): the tenant's report definitions (rest/list,
 * detail, submit, remove — also at BladeX's rest/remove), the data sets a definition may use, a run, and the export of a report.
 */
export const reportRoutes: FastifyPluginAsyncTypebox<{ reports: ReportService }> = async (
  app,
  { reports },
) => {
  registerCrudRoutes(app, {
    entity: ReportSchema,
    input: ReportInputSchema,
    service: reports,
    access: {
      read: VIEW,
      submit: { access: 'user', button: { create: 'report_list_add', update: 'report_list_edit' } },
      remove: { access: 'user', button: 'report_list_delete' },
    },
    paths: { list: '/rest/list', remove: REPORT_REMOVE_PATHS },
  });

  app.get(
    '/data-sets',
    { schema: { response: { 200: Envelope(Type.Array(ReportDataSetSchema)) } }, config: VIEW },
    async (req) => ok(reports.dataSets(req.actor, req.language), req.t('ok')),
  );

  app.post(
    '/run',
    { schema: { body: ReportRunSchema, response: { 200: Envelope(ReportResultSchema) } }, config: VIEW },
    async (req) => ok(await reports.run(req.actor, req.body, req.language), req.t('ok')),
  );

  // An export is a workbook job (core/workbook/workbooks.ts): limited per user and per process, an
  // .xlsx written off the event loop, a CSV streamed a page at a time.
  app.get('/export', { schema: { querystring: ReportExportQuery }, config: VIEW }, async (req, reply) => {
    const csv = req.query.format === 'csv';
    const { title, content } = await app.workbooks.job(req, reply, async (signal) => {
      const table = await reports.exportTable(
        req.actor,
        req.query.id,
        filterValues(req.query.values),
        req.language,
      );
      return {
        title: table.title,
        content: csv ? reportCsv(table) : await reportXlsx(app.workbooks, table, signal),
      };
    });
    const stamp = formatDateTime(new Date(), 'Asia/Shanghai').replace(/[-: ]/g, '').slice(0, 14);
    const name = `${title}-${stamp}.${csv ? 'csv' : 'xlsx'}`;
    return reply
      .type(
        csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header(
        'content-disposition',
        `attachment; filename="report-${stamp}.${csv ? 'csv' : 'xlsx'}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('cache-control', 'no-store')
      .send(content);
  });
};
