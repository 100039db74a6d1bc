import type { FastifyRequest } from 'fastify';
import { badRequest, type ApiError } from './errors.js';

/**
 * The one file of a multipart request, in the part named `file`, read whole (the scope's multipart
 * limits apply, or `maxBytes` when smaller): its name as sent and its bytes. No file is a 400; a
 * file over the limit is the caller's `tooLarge` error.
 */
export async function uploadedFile(
  req: FastifyRequest,
  tooLarge: () => ApiError,
  maxBytes?: number,
): Promise<{ filename: string; content: Buffer }> {
  if (!req.isMultipart()) throw badRequest('upload.missing');
  const file = await req.file(maxBytes === undefined ? undefined : { limits: { fileSize: maxBytes } });
  if (!file || file.fieldname !== 'file') throw badRequest('upload.missing');
  try {
    return { filename: file.filename, content: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}
