import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTableDefs } from '../../src/core/repository/table.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The entity is written once as a schema in the contract; its table definition is checked against
// it and against db/schema.ts by the compiler. What the compiler cannot see is the migrated
// database: this test reads every declared column of every table definition from it, on each engine.

describe.each(enginesUnderTest())('table definitions against the migrated database on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds every declared column of every table definition', async () => {
    expect(allTableDefs.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const def of allTableDefs) {
      for (const column of def.columns.values()) {
        try {
          await sql`select ${sql.ref(column.name)} from ${sql.table(def.table)} where 1 = 0`.execute(
            t.store.db,
          );
        } catch {
          missing.push(`${def.table}.${column.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
