import { describe, expect, it } from 'vitest';
import { countByPrefix, keyPrefixOf } from '../../src/core/cache/cache.js';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';
import { RequestCounts } from '../../src/modules/system/monitor/request-counts.js';
import { StatementTimes, statementKind } from '../../src/modules/system/monitor/statement-kinds.js';

// Issue 49: the monitor's figures that need no server — cache keys grouped without their own part,
// statements named by kind without their values, and the answers counted per second and minute.

describe('cache keys by prefix', () => {
  it('keeps the leading words of a key and never the part a key is about', () => {
    expect(keyPrefixOf('auth:session:5d0c6a8e-2f4b-4c55-9d1e-8f7d1b2a3c4d')).toBe('auth:session:');
    expect(keyPrefixOf('auth:fail:ip:10.0.0.7')).toBe('auth:fail:ip:');
    expect(keyPrefixOf('sms:rate:000000:13800138000')).toBe('sms:rate:');
    expect(keyPrefixOf('captcha:abcdef')).toBe('captcha:');
    expect(keyPrefixOf('workbook:job:000000:42:0')).toBe('workbook:job:');
    expect(keyPrefixOf('events:sequence')).toBe('events:');
    // At most three words, none holding a digit or a capital; a word alone is the key itself.
    expect(keyPrefixOf('a:b:c:d:e')).toBe('a:b:c:');
    expect(keyPrefixOf('auth:Secret:x')).toBe('auth:');
    expect(keyPrefixOf('ready')).toBe('');
    expect(countByPrefix(['auth:session:1', 'auth:session:2', 'captcha:x'])).toEqual([
      { prefix: 'auth:session:', keys: 2 },
      { prefix: 'captcha:', keys: 1 },
    ]);
  });

  it('counts the memory cache’s live keys up to the cap, with an estimate of their size', async () => {
    let now = 0;
    const cache = new MemoryCache(() => now);
    await cache.set('auth:session:a', 'x');
    await cache.set('auth:session:b', 'y');
    await cache.set('captcha:c', 'z', 1);
    expect(await cache.inspect(10)).toMatchObject({ engine: 'memory', keys: 3, capped: false });
    expect((await cache.inspect(2)).capped).toBe(true);
    now = 2_000;
    const inspection = await cache.inspect(10);
    expect(inspection.prefixes).toEqual([{ prefix: 'auth:session:', keys: 2 }]);
    expect(inspection.memoryBytes).toBeGreaterThan(0);
    await cache.close();
  });
});

describe('statement kinds', () => {
  it('names a statement by its verb and first table, whatever the dialect’s quotes, never its values', () => {
    expect(statementKind('select "id", "account" from "blade_user" where "account" = $1')).toBe(
      'select blade_user',
    );
    expect(statementKind('select `id` from `blade_user` where `id` = ?')).toBe('select blade_user');
    expect(statementKind('insert into "blade_log_api" ("id") values (?)')).toBe('insert blade_log_api');
    expect(statementKind('update "blade_user" set "password" = ? where "id" = ?')).toBe('update blade_user');
    expect(statementKind('delete from `blade_message` where `create_time` < ?')).toBe('delete blade_message');
    expect(statementKind('select count(*) as "count" from "blade_role"')).toBe('select blade_role');
    expect(statementKind('begin')).toBe('begin');
    expect(statementKind("select 'secret value' as v")).toBe('select');
  });

  it('keeps the slowest kinds of the last hour only', () => {
    let now = 0;
    const times = new StatementTimes(() => now);
    times.record('select * from "a"', 5);
    times.record('select * from "a"', 15);
    times.record('select * from "b"', 50);
    expect(times.slowest()).toEqual([
      { kind: 'select b', count: 1, totalMs: 50, maxMs: 50 },
      { kind: 'select a', count: 2, totalMs: 20, maxMs: 15 },
    ]);
    now = 61 * 60_000;
    times.record('select * from "c"', 1);
    expect(times.slowest().map((k) => k.kind)).toEqual(['select c']);
  });
});

describe('request counts', () => {
  it('rates the answers over the last minute and hour, 5xx as errors, minutes oldest first', () => {
    let now = 10 * 60_000;
    const counts = new RequestCounts(0, () => now);
    for (const status of [200, 200, 404, 500, 503]) counts.record(status);
    expect(counts.lastMinute()).toEqual({ requests: 5, errors: 2, perSecond: 5 / 60, errorRate: 0.4 });
    now += 2 * 60_000;
    counts.record(200);
    expect(counts.lastMinute()).toMatchObject({ requests: 1, errors: 0 });
    expect(counts.lastHour()).toMatchObject({ requests: 6, errors: 2, perSecond: 6 / 720 });
    const minutes = counts.minutes();
    expect(minutes).toHaveLength(60);
    expect(minutes.at(-1)).toEqual({ at: 12 * 60_000, requests: 1, errors: 0 });
    expect(minutes.at(-3)).toEqual({ at: 10 * 60_000, requests: 5, errors: 2 });
    expect(counts.totals).toEqual({ requests: 6, errors: 2 });
    // An hour on, the ring has turned: nothing of then is counted.
    now += 60 * 60_000;
    expect(counts.lastHour().requests).toBe(0);
  });
});
