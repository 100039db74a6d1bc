import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime } from '../../../core/dates.js';
import type { MessageKey } from '../../../core/i18n.js';

// The hospital, machine and refund lists export through the generic list export (decision 0045);
// the login log's export still answers its workbook here.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
