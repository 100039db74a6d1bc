import { it, inject } from 'vitest';
import pg from 'pg';

it('pg copies', async () => {
  const template = inject('templateDatabases').postgres!;
  for (let i = 0; i < 8; i++) {
    const marks: string[] = [];
    let t0 = performance.now();
    const mark = (n: string) => {
      marks.push(`${n} ${(performance.now() - t0).toFixed(0)}`);
      t0 = performance.now();
    };
    const name = `zz_${i}`;
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    mark('connect');
    await admin.query(`create database ${name}`);
    mark('create');
    await admin.end();
    mark('end');
    const a2 = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await a2.connect();
    mark('connect');
    await a2.query(`drop database ${name}`);
    mark('drop');
    await a2.query(`create database ${name} template ${template} strategy wal_log`);
    mark('copy');
    await a2.query(`drop database ${name}`);
    mark('drop');
    await a2.end();
    console.log(marks.join(' | '));
  }
}, 120000);
