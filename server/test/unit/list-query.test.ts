import fc from 'fast-check';
import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Dialect,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors.js';
import { parseListQuery } from '../../src/core/list-query.js';
import { containsPattern, orderTerms, pageQueries } from '../../src/core/repository/apply-list-query.js';
import { paramTable } from '../../src/modules/system/param/param.repository.js';

const TZ = 'Asia/Shanghai';

// Compile-only Kysely instances (no connection): the SQL text each engine would receive.
const dialects: Record<string, Dialect> = {
  sqlite: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
  postgres: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  mysql: {
    createAdapter: () => new MysqlAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new MysqlIntrospector(db),
    createQueryCompiler: () => new MysqlQueryCompiler(),
  },
};

/** The SQL the repositories' page() would send for a raw query, compiled for one engine. */
function sqlOf(kind: string, raw: Record<string, string>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = new Kysely<any>({ dialect: dialects[kind]! });
  const { count, page } = pageQueries(
    db.selectFrom('blade_param').where('is_deleted', '=', 0),
    parseListQuery(raw, paramTable, TZ),
  );
  return [count.compile(), page.compile()];
}

const COLUMN_NAMES = new Set(
  [...paramTable.columns.values()].map((c) => c.name).concat(['blade_param', 'total']),
);

/** Identifiers quoted in SQL text ("x" on PostgreSQL/SQLite, `x` on MySQL). */
function identifiers(sql: string): string[] {
  return [...sql.matchAll(/"([^"]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2]!);
}

describe('parseListQuery', () => {
  it('defaults to page 1 of 10 with no filters', () => {
    expect(parseListQuery({}, paramTable, TZ)).toEqual({ current: 1, size: 10, filters: [], orders: [] });
  });

  it('maps suffixes to operators on declared columns, camelCase or snake_case', () => {
    const q = parseListQuery(
      {
        paramName: 'a',
        param_key_equal: 'k',
        paramKey_notequal: 'j',
        remark_notlike: 'r',
        status_gt: '0',
        status_lt: '9',
        remark_null: '1',
        paramValue_notnull: '1',
      },
      paramTable,
      TZ,
    );
    expect(q.filters.map((f) => [f.column.name, f.op, f.value])).toEqual([
      ['param_name', 'contains', 'a'],
      ['param_key', 'equal', 'k'],
      ['param_key', 'notEqual', 'j'],
      ['remark', 'notContains', 'r'],
      ['status', 'gt', 0],
      ['status', 'lt', 9],
      ['remark', 'null', null],
      ['param_value', 'notNull', null],
    ]);
  });

  it('ignores empty values, paging keys and undeclared fields', () => {
    const q = parseListQuery(
      { paramName: '  ', nosuch: 'x', 'drop table': 'y', updateUser: '1' },
      paramTable,
      TZ,
    );
    expect(q.filters).toEqual([]);
  });

  it('reads date-only bounds as whole days in the time zone', () => {
    const q = parseListQuery(
      { createTime_dategt: '2024-01-01', createTime_datelt: '2024-01-31' },
      paramTable,
      TZ,
    );
    expect(q.filters.map((f) => [f.op, (f.value as Date).toISOString()])).toEqual([
      ['gte', '2023-12-31T16:00:00.000Z'],
      ['lt', '2024-01-31T16:00:00.000Z'],
    ]);
    const exact = parseListQuery({ createTime_dategt: '2024-01-01 08:30:00' }, paramTable, TZ);
    expect(exact.filters.map((f) => [f.op, (f.value as Date).toISOString()])).toEqual([
      ['gt', '2024-01-01T00:30:00.000Z'],
    ]);
  });

  it('refuses bad values of known filters, sizes, pages and sort columns with 400', () => {
    const refuses = (raw: Record<string, string>) => {
      try {
        parseListQuery(raw, paramTable, TZ);
      } catch (e) {
        return e instanceof ApiError && e.code === 400;
      }
      return false;
    };
    expect(refuses({ status: 'one' })).toBe(true);
    expect(refuses({ createTime_dategt: '2024-02-30' })).toBe(true);
    expect(refuses({ paramName_dategt: '2024-01-01' })).toBe(true);
    expect(refuses({ id_equal: '1 or 1=1' })).toBe(true);
    expect(refuses({ size: '201' })).toBe(true);
    expect(refuses({ size: '0' })).toBe(true);
    expect(refuses({ current: '0' })).toBe(true);
    expect(refuses({ ascs: 'nosuch' })).toBe(true);
    expect(refuses({ descs: 'paramValue' })).toBe(true);
    expect(refuses({ size: '200', descs: 'create_time,paramKey' })).toBe(false);
  });

  it('orders ascs before descs, once per column, with the id as the last tie-breaker', () => {
    const q = parseListQuery({ ascs: 'paramKey,param_key', descs: 'createTime' }, paramTable, TZ);
    expect(orderTerms(q.orders)).toEqual([
      ['param_key', 'asc'],
      ['create_time', 'desc'],
      ['id', 'desc'],
    ]);
  });

  it('escapes LIKE wildcards in contains patterns', () => {
    expect(containsPattern('50%_a!b')).toBe('%50!%!_a!!b%');
  });
});

describe('no request input reaches SQL text (security S2)', () => {
  const fieldNames = [...paramTable.byName.keys()];
  const suffixes = [
    '',
    '_equal',
    '_notequal',
    '_like',
    '_notlike',
    '_gt',
    '_lt',
    '_dategt',
    '_datelt',
    '_dateequal',
    '_null',
    '_notnull',
  ];
  // Keys: declared fields with suffixes, plus arbitrary text; values: arbitrary text with SQL in it.
  // Weighted towards declared fields and hostile values, where a leak would show.
  const key = fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...suffixes))
        .map(([f, s]) => f + s),
      weight: 5,
    },
    { arbitrary: fc.string({ minLength: 1, maxLength: 20 }), weight: 1 },
  );
  const value = fc.oneof(
    { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        "'; drop table blade_param; --",
        '" or 1=1 --',
        '`x`',
        '2024-01-01',
        '12',
        '%',
        '_',
        'param_name',
      ),
      weight: 3,
    },
  );
  const sortList = fc.array(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 })), {
    maxLength: 3,
  });
  const rawQuery = fc.record({
    filters: fc.dictionary(key, value, { maxKeys: 6 }),
    ascs: sortList,
    descs: sortList,
    current: fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: -5, max: 50 }).map(String),
      fc.string({ maxLength: 5 }),
    ),
    size: fc.oneof(fc.constant(undefined), fc.integer({ min: -5, max: 500 }).map(String)),
  });

  for (const kind of Object.keys(dialects)) {
    it(`on ${kind}: every identifier is a declared column and every value a bound parameter`, () => {
      fc.assert(
        fc.property(rawQuery, ({ filters, ascs, descs, current, size }) => {
          const raw: Record<string, string> = { ...filters, ascs: ascs.join(','), descs: descs.join(',') };
          if (current !== undefined) raw.current = current;
          if (size !== undefined) raw.size = size;
          let compiled;
          try {
            compiled = sqlOf(kind, raw);
          } catch (e) {
            // Refusing input is fine; only a 400 ApiError is an acceptable refusal.
            expect(e).toBeInstanceOf(ApiError);
            expect((e as ApiError).code).toBe(400);
            return;
          }
          for (const { sql, parameters } of compiled) {
            for (const id of identifiers(sql)) expect(COLUMN_NAMES.has(id)).toBe(true);
            // Outside quoted identifiers the text is Kysely's own: keywords, operators, placeholders.
            const bare = sql.replace(/"[^"]*"|`[^`]*`/g, '');
            expect(bare).toMatch(/^[a-z0-9 ()*,=<>?$!'.-]*$/);
            expect(bare.replace(/escape '!'/g, '')).not.toContain("'");
            for (const v of Object.values(filters)) {
              if (v.length >= 3 && !COLUMN_NAMES.has(v) && /[^a-z0-9 ]/i.test(v))
                expect(sql).not.toContain(v);
            }
            expect(parameters.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: 1000 },
      );
    });
  }
});
