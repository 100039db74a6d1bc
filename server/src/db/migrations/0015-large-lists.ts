import { sql, type Kysely } from 'kysely';
import { kindOf } from '../column-types.js';

// Lists that stay fast at a million rows (issue 21, part 3). The log pages list newest first
// (create_time desc, then id desc to settle ties), over every tenant for the platform administrator
// and over one tenant for a tenant's administrator: one index for each, ending with the id so that
// the order needs no sort. They take the place of 0007's (create_time) and (tenant_id,
// create_time), which they extend. The logs' lists also count at most 10,001 rows (LOG_COUNT_LIMIT
// in modules/log/log.repository.ts), which these indexes find in order.
//
// "Contains" filters (lower(column) like '%…%') use no b-tree. On PostgreSQL, when pg_trgm is
// installed or this role may install it (it is a trusted extension from PostgreSQL 13: CREATE on the
// database is enough), trigram indexes on lower(column) serve them for the columns the log pages
// search by that are short text; otherwise (and on SQLite and MySQL) such a filter scans, the
// count stopping at the bound.
//
// The user page lists a tenant's live users by id, newest first, and counts them exactly: an index
// on (tenant_id, is_deleted, id) serves both (the count reads the index alone), one on (tenant_id,
// is_deleted, status) the pending-registrations filter, and ones with account and real_name the
// count of a "contains" search (read from the index, not the rows; trigrams on PostgreSQL).

const LOGS = ['blade_log_api', 'blade_log_error', 'blade_log_usual'] as const;

/** The short text columns each log page searches with "contains" (web/src/pages/monitor/log). */
const TRIGRAM_COLUMNS: Record<(typeof LOGS)[number] | 'blade_user', string[]> = {
  blade_log_api: ['request_uri', 'create_by', 'title', 'remote_ip'],
  blade_log_error: ['request_uri', 'create_by', 'exception_name'],
  blade_log_usual: ['request_uri', 'create_by', 'log_id'],
  /** The user page's searches (web/src/pages/system/user). */
  blade_user: ['account', 'real_name'],
};

/** Whether pg_trgm is there, or this role may create it (never fails the migration). */
async function trigramsAvailable(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ installed: boolean; available: boolean; allowed: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
           exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available,
           coalesce((select rolsuper from pg_roles where rolname = current_user), false)
             or (current_setting('server_version_num')::int >= 130000
                 and has_database_privilege(current_database(), 'CREATE')) as allowed`.execute(db);
  const row = rows[0];
  if (!row) return false;
  if (row.installed) return true;
  if (!row.available || !row.allowed) return false;
  await sql`create extension if not exists pg_trgm`.execute(db);
  return true;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const drop = async (table: string, name: string) => {
    const index = db.schema.dropIndex(name);
    await (kind === 'mysql' ? index.on(table) : index).execute();
  };

  for (const table of LOGS) {
    await db.schema.createIndex(`idx_${table}_time_id`).on(table).columns(['create_time', 'id']).execute();
    await db.schema
      .createIndex(`idx_${table}_tenant_time_id`)
      .on(table)
      .columns(['tenant_id', 'create_time', 'id'])
      .execute();
    await drop(table, `idx_${table}_time`);
    await drop(table, `idx_${table}_tenant_time`);
  }

  if (kind === 'postgres' && (await trigramsAvailable(db))) {
    for (const table of [...LOGS, 'blade_user'] as const)
      for (const column of TRIGRAM_COLUMNS[table])
        await sql`create index ${sql.id(`idx_${table}_${column}_trgm`)} on ${sql.table(table)}
          using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
  }

  await db.schema
    .createIndex('idx_blade_user_tenant_live_id')
    .on('blade_user')
    .columns(['tenant_id', 'is_deleted', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_blade_user_tenant_live_status')
    .on('blade_user')
    .columns(['tenant_id', 'is_deleted', 'status'])
    .execute();
  // The user page's "contains" searches count from these alone, not from the wide rows.
  for (const column of ['account', 'real_name'])
    await db.schema
      .createIndex(`idx_blade_user_tenant_live_${column}`)
      .on('blade_user')
      .columns(['tenant_id', 'is_deleted', column])
      .execute();
}
