import { isId } from '../../core/ids.js';
import { describeUserAgent } from '../../core/user-agent.js';
import type { SignInRecord } from '../auth/auth.service.js';
import type { LogWriter } from './log-writer.js';

// The login log's rows (issue 48): AuthService reports every sign-in attempt of every grant, and
// every logout, as a SignInRecord; app.ts hands each one here. The row is only queued: LogWriter
// writes it in a batch, off the request path. A record carries no password, digest or token, so no
// row can hold one.

/** A text as typed, cut to its column's size (the request decides how long it is). */
const clip = (text: string | null, max: number): string | null =>
  text === null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Queues the login log's row of an attempt or a logout. */
export function recordSignIn(writer: LogWriter, record: SignInRecord): void {
  const { browser, os } = describeUserAgent(record.userAgent);
  writer.write('login', {
    tenant_id: clip(record.tenantId, 12)!,
    account: clip(record.account, 100),
    user_id: record.userId !== null && isId(record.userId) ? BigInt(record.userId) : null,
    outcome: record.outcome,
    grant_type: clip(record.grantType, 32),
    client_id: clip(record.clientId, 64),
    ip: clip(record.ip, 255),
    browser,
    os,
    user_agent: clip(record.userAgent, 1000),
  });
}
