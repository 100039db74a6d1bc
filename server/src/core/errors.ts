import type { MessageKey, MessageParams } from './i18n.js';

/**
 * An answer the client caused or may see: its code is the HTTP status and the envelope's code,
 * its message a catalogue key translated per request. Anything else thrown is a fault (500).
 */
export class ApiError extends Error {
  constructor(
    readonly code: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new ApiError(400, key, params);
export const notFound = (key: MessageKey = 'record.notFound', params?: MessageParams) =>
  new ApiError(404, key, params);
