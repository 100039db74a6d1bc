import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/core/cache/cache.js';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';
import { RedisCache } from '../../src/core/cache/redis-cache.js';
import { IdGenerator } from '../../src/core/ids.js';
import { parseOutboundHosts } from '../../src/core/outbound/policy.js';
import { openDatabase } from '../../src/db/database.js';
import { isUniqueViolation } from '../../src/db/errors.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { systemAudit } from '../../src/db/seed/menus.js';
import { seedDatabase } from '../../src/db/seed/seed.js';
import { UploadRate } from '../../src/modules/resource/oss/upload-rate.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { createTestDatabase, enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { JPEG, multipart, PDF, PNG } from './support/uploads.js';

// Issue 44, item 5 (security S18): uploads need a page's upload button (or are the caller's own
// avatar), come at a bounded rate per user, and fit the tenant's storage quota, which uploads at
// once never pass.

const OSS = '/api/blade-resource/oss';
const ATTACH = '/api/blade-resource/attach';
const TENANT = '/api/blade-system/tenant';
const MAX = 1024 * 1024;
const RATE = 5;

/** A png of exactly `size` bytes (a valid signature, then padding). */
const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

describe.each(enginesUnderTest())('upload quota, rate and buttons on %s', (kind) => {
  let t: TestApp;

  const put = (token: string | null, filename: string, content: Buffer, fields?: Record<string, string>) =>
    t.call(
      { method: 'POST', url: `${OSS}/endpoint/put-file`, ...multipart(filename, content, { fields }) },
      token,
    );
  const putAvatar = (
    token: string | null,
    filename: string,
    content: Buffer,
    fields?: Record<string, string>,
  ) =>
    t.call(
      { method: 'POST', url: `${OSS}/endpoint/put-avatar`, ...multipart(filename, content, { fields }) },
      token,
    );
  const used = async (tenantId: string) => {
    const row = await t.store.db
      .selectFrom('blade_tenant')
      .select(['upload_used', 'upload_quota'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return { used: Number(row.upload_used), quota: Number(row.upload_quota) };
  };
  const liveAttachments = async (tenantId: string) =>
    Number(
      (
        await t.store.db
          .selectFrom('blade_attach')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The files stored on local disk for the tenant. */
  const filesOf = (tenantId: string) => {
    const root = path.join(t.dataDir, 'uploads', tenantId, 'upload');
    if (!existsSync(root)) return 0;
    return readdirSync(root).reduce((n, day) => n + readdirSync(path.join(root, day)).length, 0);
  };
  /** Sets a tenant's quota as the platform administrator does on the tenant page. */
  const setQuota = async (tenantId: string, uploadQuota: number) => {
    const tenant = (await t.call({ method: 'GET', url: `${TENANT}/list?tenantId=${tenantId}` })).body.data
      .records[0];
    const res = await t.call({
      method: 'POST',
      url: `${TENANT}/submit`,
      payload: { id: tenant.id, tenantName: tenant.tenantName, uploadQuota },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    // 127.0.0.1 listed: a storage service there that is down (the failure test).
    const outboundHosts = parseOutboundHosts('default,127.0.0.1');
    if ('bad' in outboundHosts) throw new Error(outboundHosts.bad);
    t = await startTestApp(kind, [], false, {
      config: { uploadMaxBytes: MAX, outboundHosts },
      uploadRate: { perMinute: RATE },
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses the issue’s attack: 30 parallel uploads of a user without menus are 403 and store nothing', async () => {
    const none = await createOperator(t, [], { tenantId: '610001' });
    const before = await used('610001');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => put(none.token, `big${i}.png`, pngOf(MAX - 1024))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(403));
    expect(answers[0]!.body).toMatchObject({ code: 403, success: false });
    expect(await used('610001')).toEqual(before);
    expect(await liveAttachments('610001')).toBe(0);
    expect(filesOf('610001')).toBe(0);
  });

  it('stores for every page that uploads, counts the bytes, and shows them on the tenant page', async () => {
    const before = (await used('000000')).used;
    let stored = 0;
    for (const [i, code] of ['attach_upload', 'apk_add', 'apk_edit', 'oss_add', 'oss_edit'].entries()) {
      const holder = await createOperator(t, [code]);
      const res = await put(holder.token, `p${i}.png`, pngOf(1000 + i));
      expect(res.status, `${code}: ${JSON.stringify(res.body)}`).toBe(200);
      stored += 1000 + i;
    }
    expect((await used('000000')).used).toBe(before + stored);
    const listed = (await t.call({ method: 'GET', url: `${TENANT}/list?tenantId=000000` })).body.data
      .records[0];
    expect(listed).toMatchObject({ uploadQuota: 1024 ** 3, uploadUsed: before + stored });
  });

  it('refuses a file over the quota with 413 and stores nothing; a removal frees its share', async () => {
    const admin = await createTenantAdmin(t, '610002');
    const saved = await setQuota('610002', 25_000);
    expect(saved).toMatchObject({ uploadQuota: 25_000, uploadUsed: 0 });
    const first = await put(admin.token, 'a.png', pngOf(10_000));
    const second = await put(admin.token, 'b.png', pngOf(10_000));
    expect([first.status, second.status]).toEqual([200, 200]);

    const over = await put(admin.token, 'c.png', pngOf(10_000));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      code: 413,
      success: false,
      data: null,
      msg: '租户的存储空间不足：已用 19.5KB，配额 24.4KB，本文件 9.8KB。请删除不用的附件，或请平台管理员调整配额',
    });
    const english = await t.call(
      {
        method: 'POST',
        url: `${OSS}/endpoint/put-file`,
        ...(({ payload, headers }) => ({ payload, headers: { ...headers, 'accept-language': 'en' } }))(
          multipart('c.png', pngOf(10_000)),
        ),
      },
      admin.token,
    );
    expect(english.body.msg).toMatch(
      /^The tenant's storage is full: 19.5KB of 24.4KB used, this file is 9.8KB/,
    );
    expect(await used('610002')).toEqual({ used: 20_000, quota: 25_000 });
    expect(await liveAttachments('610002')).toBe(2);
    expect(filesOf('610002')).toBe(2);

    // Removing an attachment removes its file and gives its bytes back: the next one fits.
    const removed = await t.call(
      { method: 'POST', url: `${ATTACH}/remove?ids=${first.body.data.attachId}` },
      admin.token,
    );
    expect(removed.status).toBe(200);
    expect((await used('610002')).used).toBe(10_000);
    expect((await put(admin.token, 'c.png', pngOf(10_000))).status).toBe(200);
    expect(await used('610002')).toEqual({ used: 20_000, quota: 25_000 });
  });

  it('never passes the quota with uploads at once: exactly the files that fit are stored', async () => {
    await createTenantAdmin(t, '610003');
    await setQuota('610003', 5 * 10_000 + 5_000);
    const users = await Promise.all(
      Array.from({ length: 12 }, () => createOperator(t, ['attach_upload'], { tenantId: '610003' })),
    );
    const answers = await Promise.all(users.map((u, i) => put(u.token, `r${i}.png`, pngOf(10_000))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 413)).toHaveLength(7);
    expect(await used('610003')).toEqual({ used: 50_000, quota: 55_000 });
    expect(await liveAttachments('610003')).toBe(5);
    expect(filesOf('610003')).toBe(5);
  });

  it('holds a file the server stored to its size and name: a form may not claim or rewrite one', async () => {
    const admin = await createTenantAdmin(t, '610004');
    const file = (await put(admin.token, 'held.png', pngOf(4_000))).body.data;
    const submit = (payload: object) =>
      t.call({ method: 'POST', url: `${ATTACH}/submit`, payload }, admin.token);
    // A copy naming the stored file would keep it alive once its own record is removed.
    const copy = await submit({
      link: file.link,
      domain: file.domain,
      name: file.name,
      originalName: 'copy.png',
    });
    expect(copy.status).toBe(400);
    expect(copy.body.msg).toBe(`附件名称 ${file.name} 是服务器存储文件时生成的名称，不能手工填写`);
    // An edit changes the original name only.
    const edited = await submit({
      id: file.attachId,
      link: 'x',
      name: 'x.png',
      attachSize: 1,
      originalName: '新.png',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      link: file.link,
      name: file.name,
      attachSize: 4_000,
      originalName: '新.png',
    });
    await t.call({ method: 'POST', url: `${ATTACH}/remove?ids=${file.attachId}` }, admin.token);
    expect(await used('610004')).toEqual({ used: 0, quota: 1024 ** 3 });
    expect(filesOf('610004')).toBe(0);
  });

  it('gives the bytes back when the storage fails: a 500, nothing counted', async () => {
    const admin = await createTenantAdmin(t, '610007');
    const oss = (path: string, payload?: object) =>
      t.call({ method: 'POST', url: `${OSS}${path}`, ...(payload ? { payload } : {}) }, admin.token);
    const broken = await oss('/submit', {
      category: 1,
      ossCode: 'down',
      endpoint: 'http://127.0.0.1:9',
      accessKey: 'a',
      secretKey: 'b',
      bucketName: 'c',
    });
    expect(broken.status, JSON.stringify(broken.body)).toBe(200);
    expect((await oss(`/enable?id=${broken.body.data.id}`)).status).toBe(200);
    const failed = await put(admin.token, 'x.png', pngOf(3_000));
    expect(failed.status).toBe(500);
    expect(await used('610007')).toEqual({ used: 0, quota: 1024 ** 3 });
    expect(await liveAttachments('610007')).toBe(0);
  });

  it('limits uploads per user per minute with 429, refused ones too; others upload on', async () => {
    const busy = await createOperator(t, ['attach_upload']);
    for (let i = 0; i < RATE; i++) expect((await put(busy.token, `n${i}.png`, PNG)).status).toBe(200);
    const before = await liveAttachments('000000');
    const refused = await put(busy.token, 'one-more.png', PNG);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 429,
      success: false,
      msg: '上传过于频繁：每人每分钟最多上传 5 个文件，请稍后再试',
    });
    expect((await putAvatar(busy.token, 'me.png', PNG)).status).toBe(429);
    expect(await liveAttachments('000000')).toBe(before);
    const other = await createOperator(t, ['attach_upload']);
    expect((await put(other.token, 'other.png', PNG)).status).toBe(200);
  });

  it('lets anyone set their own avatar, and nothing else: images of 500 KB at most, one file per user', async () => {
    const me = await createOperator(t, [], { tenantId: '610005' });
    const someone = await createOperator(t, [], { tenantId: '610005' });
    expect((await putAvatar(null, 'me.png', PNG)).status).toBe(401);

    // The path names no user: a field naming another sets the caller's own avatar only.
    const first = await putAvatar(me.token, 'me.png', PNG, { userId: someone.userId });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const info = async (token: string) =>
      (await t.call({ method: 'GET', url: '/api/blade-user/info' }, token)).body.data;
    expect((await info(me.token)).avatar).toBe(first.body.data.link);
    expect((await info(someone.token)).avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: first.body.data.link })).statusCode).toBe(200);

    // A new avatar replaces the old file: one file, one share of the quota.
    const second = await putAvatar(me.token, 'me2.jpg', JPEG);
    expect(second.status).toBe(200);
    expect((await info(me.token)).avatar).toBe(second.body.data.link);
    expect((await t.app.inject({ method: 'GET', url: first.body.data.link })).statusCode).toBe(404);
    expect(await liveAttachments('610005')).toBe(1);
    expect((await used('610005')).used).toBe(JPEG.length);

    // Not a jpg or png, or above 500 KB: refused, nothing changes.
    const pdf = await putAvatar(me.token, 'doc.pdf', PDF);
    expect(pdf.status).toBe(400);
    expect(pdf.body.msg).toBe('不支持的文件类型，允许: jpg, jpeg, png');
    const fake = await putAvatar(me.token, 'doc.png', PDF);
    expect(fake.status).toBe(400);
    const big = await putAvatar(me.token, 'big.png', pngOf(500 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('文件大小不能超过 500KB');
    expect((await info(me.token)).avatar).toBe(second.body.data.link);
    expect(await liveAttachments('610005')).toBe(1);
    expect(filesOf('610005')).toBe(1);
    // put-file stays closed to them.
    expect((await put(me.token, 'me.png', PNG)).status).toBe(403);
  });

  it('lets only the platform administrator set a quota', async () => {
    const admin = await createTenantAdmin(t, '610006');
    const res = await t.call(
      { method: 'POST', url: `${TENANT}/submit`, payload: { id: '1', tenantName: 'x', uploadQuota: 1 } },
      admin.token,
    );
    expect(res.status).toBe(403);
    expect((await used('610006')).quota).toBe(1024 ** 3);
    const negative = await t.call({
      method: 'POST',
      url: `${TENANT}/submit`,
      payload: { id: '1', tenantName: 'x', uploadQuota: -1 },
    });
    expect(negative.status).toBe(400);
  });
});

// The rate is counted in the shared cache: two server processes sharing Redis allow a user no
// more between them than one would.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two processes' caches: one memory cache (one process), or two connections to one Redis. */
async function twoOnRedis(): Promise<[Cache, Cache]> {
  const prefix = `test:${randomUUID()}:`;
  return [await RedisCache.connect(REDIS_URL, prefix), await RedisCache.connect(REDIS_URL, prefix)];
}
async function oneInMemory(): Promise<[Cache, Cache]> {
  const cache = new MemoryCache();
  return [cache, cache];
}

describe.each([
  ['memory', oneInMemory],
  ['redis', twoOnRedis],
] as const)('the upload rate on the %s cache', (_name, open) => {
  it('allows a user the policy’s uploads per minute across every process sharing the cache', async () => {
    const [a, b] = await open();
    try {
      const processA = new UploadRate(a, { perMinute: 3 });
      const processB = new UploadRate(b, { perMinute: 3 });
      const user = { tenantId: '000000', userId: '42', deptId: null };
      await processA.take(user);
      await processB.take(user);
      await processA.take(user);
      await expect(processB.take(user)).rejects.toMatchObject({
        code: 429,
        messageKey: 'upload.tooFrequent',
      });
      await expect(processA.take(user)).rejects.toMatchObject({ code: 429 });
      // Another user has their own count; the window ends within a minute.
      await processB.take({ ...user, userId: '43' });
      const ttl = await a.ttl('upload:rate:000000:42');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60);
    } finally {
      await a.deleteByPrefix('');
      await a.close();
      if (b !== a) await b.close();
    }
  });
});

// Migration 0017 on an installation that has files and refunds: each tenant's total starts from
// its stored files (each object once, removed ones and records by hand not counted), every tenant
// gets the 1 GB quota, and refund requests stay while their order numbers become the tenant's.
describe.each(enginesUnderTest())('migration 0017 on an older installation on %s', (kind) => {
  it('counts the stored files, keeps the refunds, and frees order numbers across tenants', async () => {
    const testDb = await createTestDatabase(kind);
    const database = openDatabase(testDb.url, kind);
    try {
      const db = database.db;
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
        '0016-password-policy',
      );
      expect(error).toBeUndefined();
      await seedDatabase(db, new IdGenerator(3), { regions: false, leaveProcess: false });
      let id = 900_000n;
      const attach = (name: string, size: number, deleted = 0) =>
        db
          .insertInto('blade_attach')
          .values({
            id: id++,
            tenant_id: '000000',
            link: `/oss/local/000000/${name}`,
            domain: '/oss/local/000000',
            name,
            original_name: name,
            extension: 'png',
            attach_size: size,
            md5: null,
            ...systemAudit(),
            is_deleted: deleted,
          } as never)
          .execute();
      const stored = (n: number) => `upload/20260101/${String(n).padStart(32, '0')}.png`;
      await attach(stored(1), 100);
      await attach(stored(1), 100); // a record by hand naming the same object: counted once
      await attach(stored(2), 200);
      await attach(stored(3), 1000, 1); // removed
      await attach('a.png', 5000); // a record by hand of a file elsewhere
      const refund = (tenantId: string, orderNo: string) =>
        db
          .insertInto('zx_refund_review')
          .values({
            id: id++,
            tenant_id: tenantId,
            order_no: orderNo,
            machine_no: 'M',
            slot_no: null,
            hospital_id: null,
            customer_open_id: null,
            customer_phone: null,
            order_amount: 100,
            refund_amount: 100,
            reason: null,
            apply_time: new Date(),
            review_status: 0,
            reviewer_id: null,
            review_time: null,
            review_remark: null,
            ...systemAudit(),
          } as never)
          .execute();
      await refund('000000', 'O1');
      await refund('000000', 'O2');
      await db
        .insertInto('zx_tenant_key')
        .values([
          { key_kind: 'order', key_value: 'O1', tenant_id: '000000', create_time: new Date() },
          { key_kind: 'order', key_value: 'O2', tenant_id: '000000', create_time: new Date() },
          { key_kind: 'machine', key_value: 'M', tenant_id: '000000', create_time: new Date() },
        ])
        .execute();

      await migrateToLatest(db);
      const tenant = await db
        .selectFrom('blade_tenant')
        .select(['upload_quota', 'upload_used'])
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow();
      expect([Number(tenant.upload_quota), Number(tenant.upload_used)]).toEqual([1024 ** 3, 300]);
      const keys = await db.selectFrom('zx_tenant_key').select(['key_kind', 'key_value']).execute();
      expect(keys).toEqual([{ key_kind: 'machine', key_value: 'M' }]);
      const orders = await db.selectFrom('zx_refund_review').select('order_no').orderBy('order_no').execute();
      expect(orders.map((o) => o.order_no)).toEqual(['O1', 'O2']);
      // Another tenant's O1 is its own; the tenant's second O1 breaks the unique index.
      await refund('620001', 'O1');
      await expect(refund('000000', 'O1')).rejects.toSatisfy(isUniqueViolation);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});
