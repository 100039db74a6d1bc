import Sqlite from 'better-sqlite3';
import { SEEDED_ADMIN_ID } from './server.js';

/** What a message says (blade_message, migration 0019); `kind` one of MESSAGE_KINDS. */
export interface TestMessage {
  kind: 'notice' | 'task' | 'refund' | 'machine' | 'system';
  title: string;
  body?: string | null;
  link?: string | null;
}

let sent = 0;

/**
 * Test support only: a message to the seeded administrator (tenant 000000), unread, written into
 * the server's SQLite database. The server's modules send messages through MessageService.send,
 * which no route reaches; this writes the row that call writes, without its checks (a notice body is
 * stored as given, so the console's own sanitiser is what a test of it meets). Answers its id, newer
 * than any the server has made.
 */
export function sendToAdmin(databaseUrl: string, message: TestMessage): string {
  if (!databaseUrl.startsWith('sqlite:')) throw new Error('messages are written into SQLite only');
  // Above the server's snowflake ids (milliseconds since its epoch, shifted), and growing.
  const id = ((BigInt(Date.now()) << 22n) + BigInt(++sent)).toString();
  const db = new Sqlite(databaseUrl.slice('sqlite:'.length));
  try {
    const now = new Date().toISOString();
    db.prepare(
      `insert into blade_message (id, tenant_id, user_id, kind, title, body, link, read_time,
         create_user, create_time, update_user, update_time, status, is_deleted)
       values (?, '000000', ?, ?, ?, ?, ?, null, ?, ?, ?, ?, 1, 0)`,
    ).run(
      BigInt(id),
      BigInt(SEEDED_ADMIN_ID),
      message.kind,
      message.title,
      message.body ?? null,
      message.link ?? null,
      BigInt(SEEDED_ADMIN_ID),
      now,
      BigInt(SEEDED_ADMIN_ID),
      now,
    );
  } finally {
    db.close();
  }
  return id;
}
