import type { MenuRequirement } from '../../../core/auth/principal.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime } from '../../../core/dates.js';
import type { Language, MessageKey } from '../../../core/i18n.js';
import type { Actor } from '../../../core/repository/store.js';
import { ListQuerySchema } from '../../../core/schema.js';
import type { RowPages } from '../../../core/repository/row-pages.js';
import { writeSheet, type SheetColumn } from './sheet.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetRoutesOptions<E> {
  /** Who may export: the holders of the list's menu (security S16). */
  menu: MenuRequirement;
  /** The sheet's title (a message key): the file's name begins with it. */
  title: MessageKey;
  /** The columns, in the request's language (dictionary labels are read when asked). */
  columns: (language: Language) => Promise<SheetColumn<E>[]>;
  /** The records of an export: the current search, scoped like the list (at most EXPORT_MAX_ROWS). */
  exportRows: (actor: Actor, query: Record<string, unknown>) => Promise<RowPages<E>>;
}

/** Answers a workbook as a download named by its title (a message key) and the time. */
export function sendSheet(reply: FastifyReply, req: FastifyRequest, title: MessageKey, content: Buffer) {
  const stamp = formatDateTime(new Date(), 'Asia/Shanghai').replace(/[-: ]/g, '').slice(0, 14);
  const name = `${req.t(title)}-${stamp}.xlsx`;
  return reply
    .type(XLSX)
    .header(
      'content-disposition',
      `attachment; filename="export-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store')
    .send(content);
}

/** GET export (the list's filters); imports are core/workbook/sheet-import-routes.ts's. */
export async function registerSheetRoutes<E>(
  app: FastifyInstance,
  options: SheetRoutesOptions<E>,
): Promise<void> {
  // Exports, templates and imports are workbook jobs (core/workbook/workbooks.ts): limited per user
  // and per process, the workbook written or read off the event loop.
  const workbooks = app.workbooks;
  app.get(
    '/export',
    { schema: { querystring: ListQuerySchema }, config: { menu: options.menu } },
    async (req, reply) => {
      const content = await workbooks.job(req, reply, async (signal) => {
        const records = await options.exportRows(req.actor, req.query as Record<string, unknown>);
        const columns = await options.columns(req.language);
        return writeSheet(workbooks, columns, records.pages, req.language, signal);
      });
      return sendSheet(reply, req, options.title, content);
    },
  );
}
