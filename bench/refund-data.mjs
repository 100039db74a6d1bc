// Generated refund reviews for the benches that read many of them (bench/report.mjs,
// bench/export-load.mjs): hospitals of tenant 000000 and refunds spread over them, their machines
// and a year of apply times, inserted straight into the database the server migrated.

import Database from 'better-sqlite3';
import pg from 'pg';

export const HOSPITALS = 20;
export const MACHINES_PER_HOSPITAL = 10;
export const FIRST_ID = 9_000_000_000_000_000n;

const AUDIT = { create_user: null, create_dept: null, update_user: null, status: 1, is_deleted: 0 };

export function hospitals() {
  const created = new Date(Date.UTC(2025, 0, 1));
  return Array.from({ length: HOSPITALS }, (_, h) => ({
    id: FIRST_ID + BigInt(h),
    tenant_id: '000000',
    hospital_code: `BENCH-H${h}`,
    hospital_name: `压测医院${String(h).padStart(2, '0')}`,
    level: (h % 3) + 1,
    region_code: null,
    address: null,
    contact_name: null,
    contact_phone: null,
    longitude: null,
    latitude: null,
    remark: null,
    create_time: created,
    update_time: created,
    ...AUDIT,
  }));
}

/** Refunds over 2025: spread over the hospitals, their machines and twelve months. */
export function refunds(count) {
  const start = Date.UTC(2025, 0, 1);
  const year = 365 * 86_400_000;
  const rows = [];
  for (let i = 0; i < count; i++) {
    const h = i % HOSPITALS;
    const m = Math.floor(i / HOSPITALS) % MACHINES_PER_HOSPITAL;
    const applied = new Date(start + Math.floor((i / count) * year));
    const amount = 100 + ((i * 37) % 4900);
    rows.push({
      id: FIRST_ID + 1000n + BigInt(i),
      tenant_id: '000000',
      order_no: `BENCH-${String(i).padStart(8, '0')}`,
      machine_no: `BENCH-M${h}-${m}`,
      slot_no: (i % 24) + 1,
      hospital_id: FIRST_ID + BigInt(h),
      customer_open_id: null,
      customer_phone: null,
      order_amount: amount,
      refund_amount: amount,
      reason: i % 10 === 0 ? '出货失败' : '用户取消',
      apply_time: applied,
      review_status: i % 3,
      reviewer_id: null,
      review_time: null,
      review_remark: null,
      create_time: applied,
      update_time: applied,
      ...AUDIT,
    });
  }
  return rows;
}

const columnsOf = (rows) => Object.keys(rows[0]);
const sqliteValue = (v) => (v instanceof Date ? v.toISOString() : v);

/** Inserts the tables' rows ([table, rows] pairs) into an SQLite file. */
export function insertSqlite(file, tables) {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    for (const [table, rows] of tables) {
      const columns = columnsOf(rows);
      const insert = db.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      db.transaction((all) => {
        for (const row of all) insert.run(...columns.map((c) => sqliteValue(row[c])));
      })(rows);
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** Inserts the tables' rows ([table, rows] pairs) into a PostgreSQL database, 5,000 at a time. */
export async function insertPostgres(url, tables) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [table, rows] of tables) {
      const columns = columnsOf(rows);
      const { rows: types } = await client.query(
        `select column_name, udt_name from information_schema.columns where table_name = $1`,
        [table],
      );
      const typeOf = new Map(types.map((t) => [t.column_name, t.udt_name]));
      for (let i = 0; i < rows.length; i += 5000) {
        const batch = rows.slice(i, i + 5000);
        await client.query(
          `insert into ${table} (${columns.join(', ')}) select * from unnest(${columns
            .map((c, n) => `$${n + 1}::${typeOf.get(c)}[]`)
            .join(', ')})`,
          columns.map((c) => batch.map((r) => (typeof r[c] === 'bigint' ? r[c].toString() : r[c]))),
        );
      }
      await client.query(`analyze ${table}`);
    }
  } finally {
    await client.end();
  }
}

/** Runs one statement that changes rows ($1, $2 … placeholders) on either engine. */
export async function runStatement(engine, databaseUrl, text, parameters = []) {
  if (engine === 'sqlite') {
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    try {
      db.prepare(text.replace(/\$\d+/g, '?')).run(...parameters);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text, parameters);
  } finally {
    await client.end();
  }
}

/** Reads one table's rows back (to copy a seeded row, such as the administrator). */
export async function selectRows(engine, databaseUrl, text, parameters = []) {
  if (engine === 'sqlite') {
    const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
    db.defaultSafeIntegers(true);
    try {
      return db.prepare(text.replace(/\$\d+/g, '?')).all(...parameters);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, parameters)).rows;
  } finally {
    await client.end();
  }
}
