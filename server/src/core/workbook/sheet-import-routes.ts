import multipart from '@fastify/multipart';
import type { PermissionCode } from '@console/contract';
import type { Access } from '../auth/principal.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ImportReportSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import { ok } from '../envelope.js';
import { badRequest } from '../errors.js';
import type { MessageKey } from '../i18n.js';
import { Envelope } from '../schema.js';
import { uploadedFile } from '../uploaded-file.js';
import {
  IMPORT_MAX_BYTES,
  readUpload,
  reportSheet,
  runImport,
  type ImportReport,
  type SheetImporter,
} from './sheet-import.js';
import { templateWorkbook } from './sheet-template.js';
import { sendWorkbook } from './sheet-export.js';

// GET import-template and POST import of a page (issue 52): the calls every importing page shares.

export interface ImportRoutesOptions<I> {
  importer: SheetImporter<I>;
  /** The sheet's title (a message key): the files' names begin with it. */
  title: MessageKey;
  /** The page's add button: an import needs it. */
  add: PermissionCode;
  /** The page's edit button: an import that updates by a key needs it as well. */
  edit: PermissionCode;
  /** The access level of the page's writes (default: a signed-in user with the buttons). */
  access?: Access;
}

export const ImportQuery = Type.Object({
  dryRun: Type.Optional(Type.Boolean()),
  mode: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('valid')])),
  key: Type.Optional(Type.String({ maxLength: 64 })),
  /** xlsx: the answer is the uploaded sheet with a column of each row's problems. */
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('xlsx')])),
});

/** Registers GET /import-template and POST /import (multipart `file`; query dryRun, mode, key, format). */
export async function registerImportRoutes<I>(app: FastifyInstance, options: ImportRoutesOptions<I>) {
  const { importer, title } = options;
  const workbooks = app.workbooks;
  // Uploads in this scope only: one sheet.
  if (!app.hasRequestDecorator('isMultipart'))
    await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 2 } });

  const access = options.access ? { access: options.access } : {};
  app.get('/import-template', { config: { ...access, button: options.add } }, async (req, reply) => {
    const content = await workbooks.job(req, reply, async (signal) =>
      templateWorkbook(
        workbooks,
        await importer.columns(req.actor, req.language),
        importer,
        req.language,
        signal,
      ),
    );
    return sendWorkbook(reply, req, req.t(title), content);
  });

  app.post(
    '/import',
    {
      schema: {
        querystring: ImportQuery,
        response: {
          200: Envelope(ImportReportSchema),
          400: Envelope(Type.Union([Type.Null(), ImportReportSchema])),
        },
      },
      config: {
        ...access,
        button: options.add,
        // Updating by a key changes records: the edit button as well.
        bodyButton: (_body, query) => ((query as Static<typeof ImportQuery>).key ? options.edit : null),
      },
    },
    async (req, reply) => {
      const query = req.query as Static<typeof ImportQuery>;
      const { content } = await uploadedFile(req, () =>
        badRequest('import.tooLarge', { mb: IMPORT_MAX_BYTES >> 20 }),
      );
      const importOptions = {
        dryRun: query.dryRun ?? false,
        mode: query.mode ?? 'all',
        ...(query.key ? { key: query.key } : {}),
      };
      const answer = await workbooks.job(req, reply, async (signal) => {
        const sheet = await readUpload(workbooks, content, signal);
        const report = await runImport(importer, req.actor, sheet, importOptions, req.language, signal);
        return {
          report,
          sheet:
            query.format === 'xlsx'
              ? await reportSheet(workbooks, sheet, report, req.language, signal)
              : null,
        };
      });
      if (answer.sheet) return sendWorkbook(reply, req, req.t(title), answer.sheet);
      const { report } = answer;
      if (report.dryRun || report.errors.length === 0 || report.mode === 'valid')
        return ok(report, summary(req, report));
      // All or nothing, and a row was refused: nothing was stored.
      return reply.code(400).send({ code: 400, success: false, data: report, msg: summary(req, report) });
    },
  );
}

/** The report in words: what was (or would be) stored, and the first rows' problems. */
function summary(req: FastifyRequest, report: ImportReport): string {
  const head = report.dryRun
    ? req.t('import.checked', { total: report.total, valid: report.valid, invalid: report.errors.length })
    : report.imported > 0 || report.errors.length === 0
      ? req.t('import.imported', { count: report.imported })
      : req.t('import.rejected', { count: new Set(report.errors.map((e) => e.row)).size });
  const shown = report.errors
    .slice(0, 10)
    .map((p) => req.t('import.rowProblem', { row: p.row, message: p.message }));
  const more =
    report.errors.length > shown.length
      ? [req.t('import.moreProblems', { count: report.errors.length - shown.length })]
      : [];
  return [head, ...shown, ...more].join('\n');
}
