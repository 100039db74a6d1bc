import type { Actor } from '../../core/repository/store.js';

/**
 * Writes a business decision or change to the usual log (a machine's WeChat binding, a refund
 * decision, a publish): who, what, and the record's key. app.ts connects it to the log writer.
 */
export type RecordBusinessEvent = (
  actor: Actor,
  event: { logId: string; logData: string; params?: unknown },
) => void;
