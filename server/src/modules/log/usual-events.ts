import type { Actor } from '../../core/repository/store.js';
import type { LogWriter } from './log-writer.js';
import type { UsualMessage } from './usual-message.js';
import { recordEvent } from './request-logs.js';

/**
 * Writes a decision or change of a module to the usual log (a refund decision, a deployment, a
 * workflow step): who, what, and the record's key. app.ts connects it to the log writer.
 */
export type RecordEvent = (
  actor: Actor,
  event: { logId: string; message: UsualMessage; params?: unknown },
) => void;

export function usualEventRecorder(writer: LogWriter, timeZone: string): RecordEvent {
  return (actor, event) =>
    recordEvent(writer, timeZone, {
      tenantId: actor.tenantId,
      account: (actor as { account?: string }).account ?? null,
      logId: event.logId,
      message: event.message,
      params: event.params,
    });
}
