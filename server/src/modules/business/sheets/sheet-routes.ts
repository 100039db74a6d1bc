import multipart from '@fastify/multipart';
import type { ButtonRequirement, MenuRequirement } from '../../../core/auth/principal.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TObject } from 'typebox';
import { Type } from 'typebox';
import { formatDateTime } from '../../../core/dates.js';
import { uploadedFile } from '../../../core/uploaded-file.js';
import { ok } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import type { Language, MessageKey } from '../../../core/i18n.js';
import type { Actor } from '../../../core/repository/store.js';
import { Envelope, ListQuerySchema } from '../../../core/schema.js';
import type { RowPages } from '../../../core/repository/row-pages.js';
import { ImportRejected, readImport, templateSheet, writeSheet, type SheetColumn } from './sheet.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An import sheet is small: thousands of rows of short text. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface SheetRoutesOptions<E> {
  /** Who may export: the holders of the list's menu (security S16). */
  menu: MenuRequirement;
  /** The sheet's title (a message key): the file's name begins with it. */
  title: MessageKey;
  /** The columns, in the request's language (dictionary labels are read when asked). */
  columns: (language: Language) => Promise<SheetColumn<E>[]>;
  /** The records of an export: the current search, scoped like the list (at most EXPORT_MAX_ROWS). */
  exportRows: (actor: Actor, query: Record<string, unknown>) => Promise<RowPages<E>>;
  /** Imports stored all or none (absent: no import); validated rows arrive here. */
  import?: {
    schema: TObject;
    button: ButtonRequirement;
    store: (
      actor: Actor,
      rows: Array<{ row: number; input: Record<string, unknown> }>,
      language: Language,
    ) => Promise<number>;
  };
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

/** GET export (the list's filters), GET import-template and POST import (multipart `file`). */
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

  const imports = options.import;
  if (!imports) return;
  // Uploads in this module's scope only, one small file.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  app.get('/import-template', { config: { button: imports.button } }, async (req, reply) => {
    const content = await workbooks.job(req, reply, async (signal) =>
      templateSheet(workbooks, await options.columns(req.language), req.language, signal),
    );
    return sendSheet(reply, req, options.title, content);
  });

  app.post(
    '/import',
    {
      schema: {
        response: {
          200: Envelope(Type.Object({ imported: Type.Integer() })),
          400: Envelope(
            Type.Union([
              Type.Null(),
              Type.Object({
                errors: Type.Array(Type.Object({ row: Type.Integer(), message: Type.String() })),
              }),
            ]),
          ),
        },
      },
      config: { button: imports.button },
    },
    async (req, reply) => {
      const { content } = await uploadedFile(req, () => badRequest('sheet.tooLarge'));
      try {
        const imported = await workbooks.job(req, reply, async (signal) => {
          const rows = await readImport(
            workbooks,
            content,
            await options.columns(req.language),
            imports.schema,
            req.language,
            signal,
          );
          return imports.store(req.actor, rows, req.language);
        });
        return ok({ imported }, req.t('sheet.imported', { count: imported }));
      } catch (error) {
        if (!(error instanceof ImportRejected)) throw error;
        // Nothing was stored. The message names the first rows' problems; data carries them all.
        const shown = error.problems
          .slice(0, 10)
          .map((p) => req.t('sheet.rowProblem', { row: p.row, message: p.message }));
        const more =
          error.problems.length > shown.length
            ? [req.t('sheet.moreProblems', { count: error.problems.length - shown.length })]
            : [];
        return reply.code(400).send({
          code: 400,
          success: false,
          data: { errors: error.problems },
          msg: [req.t('sheet.rejected', { count: error.problems.length }), ...shown, ...more].join('\n'),
        });
      }
    },
  );
}
