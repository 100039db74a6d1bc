/**
 * Whether a driver error is a unique-key violation: PostgreSQL 23505, MySQL ER_DUP_ENTRY (1062),
 * SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY. Lets a caller retry a generated key that another
 * process took at the same moment.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === '23505' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

const LOST_CONNECTION_CODES = new Set([
  // Node's sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: administrator/crash shutdown, cannot connect now, too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // mysql2 and MySQL/MariaDB
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
]);

/** MySQL/MariaDB error numbers of a lost or refused connection (1053 shutdown, 1927 killed, 2006/2013 gone). */
const LOST_CONNECTION_ERRNOS = new Set([1040, 1053, 1317, 1927, 2002, 2003, 2006, 2013]);

const LOST_CONNECTION_MESSAGES = [
  'Connection terminated', // pg: unexpectedly, or due to connection timeout
  'is not queryable', // pg: a client that has lost its connection
  'timeout exceeded when trying to connect', // pg-pool
  "Can't add new command when connection is in closed state", // mysql2
  'Pool is closed', // mysql2
];

/**
 * Whether a driver error means the database cannot be reached or dropped the connection (a restart,
 * a failover, a terminated session) rather than refusing the statement: the request gets a 503 and
 * may be retried; the pool opens a new connection for the next one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno, message, fatal } = error as {
    code?: unknown;
    errno?: unknown;
    message?: unknown;
    fatal?: unknown;
  };
  if (typeof code === 'string' && (LOST_CONNECTION_CODES.has(code) || /^08/.test(code))) return true;
  if (typeof errno === 'number' && LOST_CONNECTION_ERRNOS.has(errno)) return true;
  // mysql2 marks the errors after which the connection is unusable.
  if (fatal === true) return true;
  return typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((m) => message.includes(m));
}
