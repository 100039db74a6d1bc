import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/core/cache/cache.js';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';
import { RedisCache } from '../../src/core/cache/redis-cache.js';

// One contract, two implementations. Redis is required: when it cannot be reached, connect()
// rejects and every Redis test fails (nothing is skipped).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until check() holds, failing after timeoutMs. */
async function until(check: () => boolean, what: string, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function cacheContract(name: string, open: () => Promise<Cache>): void {
  describe(`${name} (Cache contract)`, () => {
    let cache: Cache;
    // Every test works under its own key space, so counts never see another test's keys.
    let ns: string;
    let nsCounter = 0;
    const fresh = () => (ns = `t${++nsCounter}:`);

    // Opened in beforeEach, not beforeAll: when Redis cannot be reached every test fails (a failing
    // beforeAll would report them as skipped).
    let opening: Promise<Cache> | undefined;
    beforeEach(async () => {
      cache = await (opening ??= open());
    });

    afterAll(async () => {
      const opened = await opening?.catch(() => undefined);
      if (!opened) return;
      await opened.deleteByPrefix('');
      await opened.close();
    });

    it('answers null for an absent key, then what was set', async () => {
      fresh();
      expect(await cache.get(`${ns}a`)).toBeNull();
      await cache.set(`${ns}a`, 'one');
      expect(await cache.get(`${ns}a`)).toBe('one');
      await cache.set(`${ns}a`, 'two');
      expect(await cache.get(`${ns}a`)).toBe('two');
      await cache.set(`${ns}empty`, '');
      expect(await cache.get(`${ns}empty`)).toBe('');
      await cache.set(`${ns}text`, '中文 ✓ \n "quoted"');
      expect(await cache.get(`${ns}text`)).toBe('中文 ✓ \n "quoted"');
    });

    it('keeps keys apart', async () => {
      fresh();
      await cache.set(`${ns}k1`, 'v1');
      await cache.set(`${ns}k2`, 'v2');
      expect(await cache.get(`${ns}k1`)).toBe('v1');
      expect(await cache.get(`${ns}k2`)).toBe('v2');
      expect(await cache.get(`${ns}k`)).toBeNull();
    });

    it('reports ttl: -2 absent, -1 without expiry, the seconds left with one', async () => {
      fresh();
      expect(await cache.ttl(`${ns}none`)).toBe(-2);
      await cache.set(`${ns}forever`, 'v');
      expect(await cache.ttl(`${ns}forever`)).toBe(-1);
      await cache.set(`${ns}timed`, 'v', 100);
      expect(await cache.ttl(`${ns}timed`)).toBe(100);
      // Setting again without a ttl removes the expiry, as Redis SET does.
      await cache.set(`${ns}timed`, 'w');
      expect(await cache.ttl(`${ns}timed`)).toBe(-1);
      await cache.set(`${ns}zero`, 'v', 0);
      expect(await cache.ttl(`${ns}zero`)).toBe(-1);
    });

    it('expires keys after their ttl; an increment does not extend it', async () => {
      fresh();
      await cache.set(`${ns}set`, 'v', 1);
      expect(await cache.setIfAbsent(`${ns}nx`, 'v', 1)).toBe(true);
      expect(await cache.increment(`${ns}counter`, 1)).toBe(1);
      await cache.set(`${ns}kept`, 'v');
      expect(await cache.get(`${ns}set`)).toBe('v');
      expect(await cache.ttl(`${ns}set`)).toBe(1);
      expect(await cache.ttl(`${ns}counter`)).toBe(1);

      await sleep(600);
      // The counter's second increment asks for 1 s again: the expiry stays at the first one's.
      expect(await cache.increment(`${ns}counter`, 1)).toBe(2);
      expect(await cache.get(`${ns}set`)).toBe('v');
      await sleep(600);

      expect(await cache.get(`${ns}set`)).toBeNull();
      expect(await cache.ttl(`${ns}set`)).toBe(-2);
      expect(await cache.get(`${ns}nx`)).toBeNull();
      expect(await cache.get(`${ns}counter`)).toBeNull();
      expect(await cache.get(`${ns}kept`)).toBe('v');
      // Expired keys are absent for every operation.
      expect(await cache.setIfAbsent(`${ns}nx`, 'again')).toBe(true);
      expect(await cache.increment(`${ns}counter`)).toBe(1);
      expect(await cache.take(`${ns}set`)).toBeNull();
      expect(await cache.delete(`${ns}set`)).toBe(0);
    });

    it('setIfAbsent stores once and answers false afterwards', async () => {
      fresh();
      expect(await cache.setIfAbsent(`${ns}lock`, 'first')).toBe(true);
      expect(await cache.setIfAbsent(`${ns}lock`, 'second')).toBe(false);
      expect(await cache.get(`${ns}lock`)).toBe('first');
      expect(await cache.ttl(`${ns}lock`)).toBe(-1);
      expect(await cache.setIfAbsent(`${ns}timed`, 'v', 100)).toBe(true);
      expect(await cache.setIfAbsent(`${ns}timed`, 'w', 5)).toBe(false);
      expect(await cache.ttl(`${ns}timed`)).toBe(100);
      expect(await cache.get(`${ns}timed`)).toBe('v');
    });

    it('setIfAbsent lets exactly one of many concurrent callers win', async () => {
      fresh();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => cache.setIfAbsent(`${ns}race`, `caller${i}`)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await cache.get(`${ns}race`)).toBe(`caller${results.indexOf(true)}`);
    });

    it('take reads and deletes: the value is single-use', async () => {
      fresh();
      expect(await cache.take(`${ns}code`)).toBeNull();
      await cache.set(`${ns}code`, '1234', 100);
      expect(await cache.take(`${ns}code`)).toBe('1234');
      expect(await cache.take(`${ns}code`)).toBeNull();
      expect(await cache.get(`${ns}code`)).toBeNull();
      expect(await cache.ttl(`${ns}code`)).toBe(-2);
    });

    it('take gives the value to exactly one of two concurrent takers', async () => {
      fresh();
      for (let round = 0; round < 20; round++) {
        await cache.set(`${ns}captcha`, `code${round}`);
        const taken = await Promise.all([cache.take(`${ns}captcha`), cache.take(`${ns}captcha`)]);
        expect(taken.filter((v) => v !== null)).toEqual([`code${round}`]);
      }
    });

    it('delete answers how many keys existed', async () => {
      fresh();
      await cache.set(`${ns}a`, '1');
      await cache.set(`${ns}b`, '2');
      await cache.set(`${ns}c`, '3');
      expect(await cache.delete()).toBe(0);
      expect(await cache.delete(`${ns}missing`)).toBe(0);
      expect(await cache.delete(`${ns}a`, `${ns}b`, `${ns}missing`)).toBe(2);
      expect(await cache.get(`${ns}a`)).toBeNull();
      expect(await cache.get(`${ns}b`)).toBeNull();
      expect(await cache.get(`${ns}c`)).toBe('3');
      expect(await cache.delete(`${ns}c`, `${ns}c`)).toBe(1);
      expect(await cache.delete(`${ns}c`)).toBe(0);
    });

    it('deleteByPrefix deletes only the keys that start with the prefix', async () => {
      fresh();
      await cache.set(`${ns}user:1`, 'a');
      await cache.set(`${ns}user:2`, 'b', 100);
      await cache.set(`${ns}user:`, 'c');
      await cache.set(`${ns}users`, 'd');
      await cache.set(`${ns}role:user:1`, 'e');
      await cache.set(`${ns}User:3`, 'f');
      expect(await cache.deleteByPrefix(`${ns}user:`)).toBe(3);
      expect(await cache.get(`${ns}user:1`)).toBeNull();
      expect(await cache.get(`${ns}user:2`)).toBeNull();
      expect(await cache.get(`${ns}user:`)).toBeNull();
      expect(await cache.get(`${ns}users`)).toBe('d');
      expect(await cache.get(`${ns}role:user:1`)).toBe('e');
      expect(await cache.get(`${ns}User:3`)).toBe('f');
      expect(await cache.deleteByPrefix(`${ns}user:`)).toBe(0);
      expect(await cache.deleteByPrefix(`${ns}nothing`)).toBe(0);
    });

    it('deleteByPrefix matches glob characters in the prefix literally', async () => {
      fresh();
      const prefix = `${ns}g*[1]?:`;
      await cache.set(`${prefix}a`, '1');
      await cache.set(`${prefix}b`, '2');
      // Each of these would match if the prefix were read as the glob g*[1]?:*
      await cache.set(`${ns}gX1Y:c`, 'decoy1');
      await cache.set(`${ns}g-long-1!:d`, 'decoy2');
      await cache.set(`${ns}g*1?:e`, 'decoy3');
      expect(await cache.deleteByPrefix(prefix)).toBe(2);
      expect(await cache.get(`${prefix}a`)).toBeNull();
      expect(await cache.get(`${ns}gX1Y:c`)).toBe('decoy1');
      expect(await cache.get(`${ns}g-long-1!:d`)).toBe('decoy2');
      expect(await cache.get(`${ns}g*1?:e`)).toBe('decoy3');

      // A backslash, the glob escape character, is literal too.
      await cache.set(`${ns}b\\x:1`, '1');
      await cache.set(`${ns}bx:2`, 'decoy');
      await cache.set(`${ns}b\\*:3`, '3');
      expect(await cache.deleteByPrefix(`${ns}b\\`)).toBe(2);
      expect(await cache.get(`${ns}bx:2`)).toBe('decoy');

      // A prefix of only glob characters.
      await cache.set(`${ns}*`, 'star');
      await cache.set(`${ns}*?`, 'star2');
      await cache.set(`${ns}other`, 'kept');
      expect(await cache.deleteByPrefix(`${ns}*`)).toBe(2);
      expect(await cache.get(`${ns}other`)).toBe('kept');
    });

    it('deleteByPrefix deletes and counts many keys', async () => {
      fresh();
      await Promise.all(Array.from({ length: 1_200 }, (_, i) => cache.set(`${ns}bulk:${i}`, String(i))));
      await cache.set(`${ns}bulkiness`, 'kept');
      expect(await cache.deleteByPrefix(`${ns}bulk:`)).toBe(1_200);
      expect(await cache.get(`${ns}bulk:0`)).toBeNull();
      expect(await cache.get(`${ns}bulk:1199`)).toBeNull();
      expect(await cache.get(`${ns}bulkiness`)).toBe('kept');
    });

    it('increment counts 1, 2, 3 and sets the ttl only when it creates the counter', async () => {
      fresh();
      expect(await cache.increment(`${ns}failures`, 100)).toBe(1);
      expect(await cache.ttl(`${ns}failures`)).toBe(100);
      expect(await cache.increment(`${ns}failures`, 500)).toBe(2);
      expect(await cache.increment(`${ns}failures`)).toBe(3);
      expect(await cache.ttl(`${ns}failures`)).toBe(100);
      expect(await cache.get(`${ns}failures`)).toBe('3');

      expect(await cache.increment(`${ns}plain`)).toBe(1);
      expect(await cache.increment(`${ns}plain`)).toBe(2);
      expect(await cache.ttl(`${ns}plain`)).toBe(-1);

      await cache.set(`${ns}preset`, '41');
      expect(await cache.increment(`${ns}preset`, 100)).toBe(42);
    });

    it('increment loses no count under concurrency', async () => {
      fresh();
      const values = await Promise.all(Array.from({ length: 50 }, () => cache.increment(`${ns}hits`, 100)));
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await cache.get(`${ns}hits`)).toBe('50');
    });

    it('delivers a published message to every subscriber of the channel, and only to them', async () => {
      fresh();
      const first: string[] = [];
      const second: string[] = [];
      const other: string[] = [];
      const off1 = await cache.subscribe(`${ns}events`, (m) => first.push(m));
      const off2 = await cache.subscribe(`${ns}events`, (m) => second.push(m));
      const off3 = await cache.subscribe(`${ns}other`, (m) => other.push(m));
      await cache.publish(`${ns}events`, 'hello');
      await cache.publish(`${ns}events`, '世界');
      await cache.publish(`${ns}other`, 'sentinel');
      await until(() => first.length === 2 && second.length === 2 && other.length === 1, 'messages');
      expect(first).toEqual(['hello', '世界']);
      expect(second).toEqual(['hello', '世界']);
      expect(other).toEqual(['sentinel']);
      await off1();
      await off2();
      await off3();
    });

    it('publishing to a channel without subscribers is fine', async () => {
      fresh();
      await expect(cache.publish(`${ns}nobody`, 'x')).resolves.toBeUndefined();
    });

    it('unsubscribe stops delivery to that handler only', async () => {
      fresh();
      const stopped: string[] = [];
      const kept: string[] = [];
      const sentinel: string[] = [];
      const offStopped = await cache.subscribe(`${ns}ch`, (m) => stopped.push(m));
      const offKept = await cache.subscribe(`${ns}ch`, (m) => kept.push(m));
      await cache.publish(`${ns}ch`, 'before');
      await until(() => stopped.length === 1 && kept.length === 1, 'the first message');

      await offStopped();
      await cache.publish(`${ns}ch`, 'after');
      await until(() => kept.length === 2, 'the second message');
      expect(kept).toEqual(['before', 'after']);
      expect(stopped).toEqual(['before']);

      // The last handler gone, nothing is delivered; a later message on another channel proves
      // the earlier one would have arrived by then.
      const offSentinel = await cache.subscribe(`${ns}sentinel`, (m) => sentinel.push(m));
      await offKept();
      await cache.publish(`${ns}ch`, 'nobody listens');
      await cache.publish(`${ns}sentinel`, 'done');
      await until(() => sentinel.length === 1, 'the sentinel');
      expect(kept).toEqual(['before', 'after']);
      expect(stopped).toEqual(['before']);

      // Subscribing again after everyone left works.
      const again: string[] = [];
      const offAgain = await cache.subscribe(`${ns}ch`, (m) => again.push(m));
      await cache.publish(`${ns}ch`, 'back');
      await until(() => again.length === 1, 'the message after resubscribing');
      expect(again).toEqual(['back']);
      await offAgain();
      await offSentinel();
    });

    it('a resolved subscribe receives what is published next, even while another subscribe to the channel is under way', async () => {
      // A fresh instance: its first subscribe also has to set up the subscription machinery.
      const own = await open();
      try {
        const early: string[] = [];
        const late: string[] = [];
        const pending = own.subscribe('busy', (m) => early.push(m));
        const offLate = await own.subscribe('busy', (m) => late.push(m));
        await own.publish('busy', 'm1');
        const offEarly = await pending;
        await until(() => late.length === 1, 'the message to the resolved subscriber', 1_000);
        expect(late).toEqual(['m1']);
        await offLate();
        await offEarly();
      } finally {
        await own.close();
      }
    });

    it('counts its keys by prefix up to a cap, never naming a key’s own part (缓存监控)', async () => {
      // A fresh instance: a key space of its own (Redis: another prefix).
      const own = await open();
      try {
        for (const id of ['a1', 'b2', 'c3']) await own.set(`auth:session:${id}`, 'x');
        await own.set('captcha:k9', 'y', 60);
        const all = await own.inspect(100);
        expect(all).toMatchObject({
          keys: 4,
          capped: false,
          prefixes: [
            { prefix: 'auth:session:', keys: 3 },
            { prefix: 'captcha:', keys: 1 },
          ],
        });
        expect(all.memoryBytes).toBeGreaterThan(0);
        expect(await own.inspect(2)).toMatchObject({ keys: 2, capped: true });
      } finally {
        await own.deleteByPrefix('');
        await own.close();
      }
    });

    it('calling an unsubscribe twice does not remove a later subscriber', async () => {
      fresh();
      const later: string[] = [];
      const off = await cache.subscribe(`${ns}twice`, () => {});
      await off();
      const offLater = await cache.subscribe(`${ns}twice`, (m) => later.push(m));
      await off();
      await cache.publish(`${ns}twice`, 'still here');
      await until(() => later.length === 1, 'the message to the later subscriber', 1_000);
      expect(later).toEqual(['still here']);
      await offLater();
    });
  });
}

cacheContract('MemoryCache', async () => new MemoryCache());
cacheContract('RedisCache', () => RedisCache.connect(REDIS_URL, `test:${randomUUID()}:`));

describe('RedisCache across processes (two instances, one prefix)', () => {
  const prefix = `test:${randomUUID()}:`;
  let a: RedisCache;
  let b: RedisCache;
  let stranger: RedisCache;
  let opening: Promise<RedisCache[]> | undefined;

  beforeEach(async () => {
    opening ??= Promise.all([
      RedisCache.connect(REDIS_URL, prefix),
      RedisCache.connect(REDIS_URL, prefix),
      RedisCache.connect(REDIS_URL, `test:${randomUUID()}:`),
    ]);
    [a, b, stranger] = (await opening) as [RedisCache, RedisCache, RedisCache];
  });

  afterAll(async () => {
    for (const cache of (await opening?.catch(() => undefined)) ?? []) {
      await cache.deleteByPrefix('');
      await cache.close();
    }
  });

  it('sees the other instance’s keys, and only one of them takes a value', async () => {
    await a.set('shared', 'from a', 100);
    expect(await b.get('shared')).toBe('from a');
    expect(await b.ttl('shared')).toBe(100);
    expect(await b.setIfAbsent('shared', 'from b')).toBe(false);

    for (let round = 0; round < 20; round++) {
      await a.set('captcha', `c${round}`);
      const taken = await Promise.all([a.take('captcha'), b.take('captcha')]);
      expect(taken.filter((v) => v !== null)).toEqual([`c${round}`]);
    }

    expect(await a.increment('counter', 100)).toBe(1);
    expect(await b.increment('counter', 100)).toBe(2);
    expect(await a.increment('counter')).toBe(3);

    expect(await b.delete('shared')).toBe(1);
    expect(await a.get('shared')).toBeNull();

    await b.set('scope:1', 'x');
    await b.set('scope:2', 'y');
    expect(await a.deleteByPrefix('scope:')).toBe(2);
    expect(await b.get('scope:1')).toBeNull();
  });

  it('does not see the keys of another prefix', async () => {
    await a.set('mine', 'a');
    await stranger.set('mine', 'stranger');
    expect(await stranger.get('mine')).toBe('stranger');
    expect(await a.get('mine')).toBe('a');
    await stranger.set('theirs', 'x');
    expect(await a.get('theirs')).toBeNull();
    expect(await a.deleteByPrefix('')).toBeGreaterThan(0);
    expect(await stranger.get('mine')).toBe('stranger');
    expect(await stranger.get('theirs')).toBe('x');
  });

  it('delivers a message published by one instance to the subscribers of both', async () => {
    const onA: string[] = [];
    const onB: string[] = [];
    const onStranger: string[] = [];
    const offA = await a.subscribe('invalidate', (m) => onA.push(m));
    const offB = await b.subscribe('invalidate', (m) => onB.push(m));
    const offStranger = await stranger.subscribe('invalidate', (m) => onStranger.push(m));

    await a.publish('invalidate', 'param:1');
    await b.publish('invalidate', 'param:2');
    await until(() => onA.length === 2 && onB.length === 2, 'messages on both instances');
    expect(onA).toEqual(['param:1', 'param:2']);
    expect(onB).toEqual(['param:1', 'param:2']);

    // The other prefix's channel of the same name is another channel.
    await stranger.publish('invalidate', 'stranger');
    await until(() => onStranger.length === 1, 'the stranger’s own message');
    await a.publish('invalidate', 'param:3');
    await until(() => onB.length === 3, 'the third message');
    expect(onA).toEqual(['param:1', 'param:2', 'param:3']);
    expect(onB).toEqual(['param:1', 'param:2', 'param:3']);
    expect(onStranger).toEqual(['stranger']);

    // Unsubscribed, b gets nothing more: a later message on b's own connection proves that the
    // earlier one would have arrived by then.
    const sentinelOnB: string[] = [];
    const offSentinel = await b.subscribe('sentinel', (m) => sentinelOnB.push(m));
    await offB();
    await a.publish('invalidate', 'param:4');
    await a.publish('sentinel', 'done');
    await until(() => onA.length === 4 && sentinelOnB.length === 1, 'the fourth message and the sentinel');
    expect(onB).toEqual(['param:1', 'param:2', 'param:3']);
    await stranger.publish('invalidate', 'flush');
    await until(() => onStranger.length === 2, 'the stranger’s second message');
    expect(onStranger).toEqual(['stranger', 'flush']);

    await offSentinel();
    await offA();
    await offStranger();
  });
});
