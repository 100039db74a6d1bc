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
