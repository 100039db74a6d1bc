import path from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { IdGenerator } from '../../src/core/ids.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { BUSINESS_DICT_ENGLISH } from '../../src/db/seed/dictionaries.js';
import { menuId, systemAudit } from '../../src/db/seed/menus.js';
import { REPAIR_FORM_DEFINITION, REPAIR_MODEL_XML } from '../../src/db/seed/repair-process.js';
import { SEED_IDS, seedDatabase } from '../../src/db/seed/seed.js';
import { createTestDatabase, enginesUnderTest } from './support/databases.js';
import { fillDemo } from '../../src/modules/business/demo.js';
import { oneDatabase } from '../../src/core/repository/tenant-databases.js';
import { startTestApp } from './support/test-app.js';

// An installation seeded before the business module (migration 0009) gains, on upgrade, the
// buttons the business pages added (granted to the roles that hold their pages, to nobody else) and
// the business dictionaries; a new installation has them from its seed. The seeded dictionaries
// answer an English console in English.

const NEW_BUTTONS = ['machine_delete', 'slot_edit'];

describe.each(enginesUnderTest())('the business module on an older installation on %s', (kind) => {
  it('adds its buttons to the roles holding the pages, and its dictionaries, once', async () => {
    const testDb = await createTestDatabase(kind);
    const database = openDatabase(testDb.url, kind);
    try {
      const db = database.db;
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
        '0009-sign-in-lockout',
      );
      expect(error).toBeUndefined();
      // An older seed: the same tree without the buttons added since, no business dictionaries and
      // no workflow.
      await seedDatabase(db, new IdGenerator(3), {
        regions: false,
        leaveProcess: false,
        passwordChange: false,
      });
      const added = NEW_BUTTONS.map(menuId).map(BigInt);
      await db.deleteFrom('blade_role_menu').where('menu_id', 'in', added).execute();
      await db.deleteFrom('blade_menu').where('id', 'in', added).execute();
      await db.deleteFrom('blade_dict').where('code', 'in', Object.keys(BUSINESS_DICT_ENGLISH)).execute();
      // A role with the machine page but not the slot page, and one with neither.
      for (const [roleId, pages] of [
        ['71', ['machine']],
        ['72', ['hospital']],
      ] as const)
        for (const page of pages)
          await db
            .insertInto('blade_role_menu')
            .values({
              id: BigInt(`${roleId}000${page.length}`),
              role_id: BigInt(roleId),
              menu_id: BigInt(menuId(page)),
            })
            .execute();

      await migrateToLatest(db);
      const holders = async (code: string) =>
        (
          await db
            .selectFrom('blade_role_menu')
            .select('role_id')
            .where('menu_id', '=', BigInt(menuId(code)))
            .execute()
        )
          .map((r) => String(r.role_id))
          .sort();
      expect(await holders('machine_delete')).toEqual([SEED_IDS.administratorRole, '71'].sort());
      expect(await holders('slot_edit')).toEqual([SEED_IDS.administratorRole]);
      const menu = await db
        .selectFrom('blade_menu')
        .selectAll()
        .where('id', '=', BigInt(menuId('machine_delete')))
        .executeTakeFirstOrThrow();
      expect(menu).toMatchObject({ code: 'machine_delete', name: '删除' });
      expect(Number(menu.category)).toBe(2);
      expect(String(menu.parent_id)).toBe(menuId('machine'));
      const dicts = await db
        .selectFrom('blade_dict')
        .select(['code', 'dict_key'])
        .where('code', '=', 'slot_status')
        .execute();
      expect(dicts.map((d) => d.dict_key).sort()).toEqual(['-1', '0', '1', '2', '3', '4']);
      // The first start after the upgrade deploys the leave and machine repair processes (the
      // workflow came later); a second start finds everything there and seeds nothing.
      expect(await seedDatabase(db, new IdGenerator(4), { regions: false })).toBe(true);
      expect(
        (
          await db
            .selectFrom('blade_flow_definition')
            .select('process_key')
            .where('tenant_id', '=', '000000')
            .execute()
        )
          .map((d) => d.process_key)
          .sort(),
      ).toEqual(['Leave', 'machine_repair', 'refund_second_approval']);
      expect(await seedDatabase(db, new IdGenerator(5), { regions: false })).toBe(false);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});

describe.each(enginesUnderTest())('the lists’ export buttons on an installation at 0034 on %s', (kind) => {
  it('are added under their pages, for the roles holding each page (migrations 0035, 0036, 0038)', async () => {
    const testDb = await createTestDatabase(kind);
    const database = openDatabase(testDb.url, kind);
    try {
      const db = database.db;
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
        '0034-api-docs-menu',
      );
      expect(error).toBeUndefined();
      await seedDatabase(db, new IdGenerator(6), { regions: false, passwordChange: false });
      const exports = ['user_export', 'param_export', 'rollout_export', 'region_export', 'message_export']
        .map(menuId)
        .map(BigInt);
      await db.deleteFrom('blade_role_menu').where('menu_id', 'in', exports).execute();
      await db.deleteFrom('blade_menu').where('id', 'in', exports).execute();
      // A role with the parameter page only.
      await db
        .insertInto('blade_role_menu')
        .values({ id: BigInt('7300001'), role_id: BigInt('73'), menu_id: BigInt(menuId('param')) })
        .execute();

      await migrateToLatest(db);
      const holders = async (code: string) =>
        (
          await db
            .selectFrom('blade_role_menu')
            .select('role_id')
            .where('menu_id', '=', BigInt(menuId(code)))
            .execute()
        )
          .map((r) => String(r.role_id))
          .sort();
      expect(await holders('param_export')).toEqual([SEED_IDS.administratorRole, '73'].sort());
      expect(await holders('user_export')).toEqual([SEED_IDS.administratorRole]);
      expect(await holders('rollout_export')).toEqual(await holders('rollout'));
      expect(await holders('rollout_export')).toContain(SEED_IDS.administratorRole);
      // 0038: the region tree's, and the message center's (a button of 工作台).
      expect(await holders('region_export')).toEqual(await holders('region'));
      expect(await holders('message_export')).toEqual(await holders('desk'));
      expect(await holders('message_export')).toContain(SEED_IDS.administratorRole);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});

describe.each(enginesUnderTest())('the machine repair order on an installation at 0036 on %s', (kind) => {
  it('adds 报修, the hospital’s maintainer and the slot of the seeded form and model (migration 0037)', async () => {
    const testDb = await createTestDatabase(kind);
    const database = openDatabase(testDb.url, kind);
    try {
      const db = database.db;
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
        '0036-more-export-buttons',
      );
      expect(error).toBeUndefined();
      await seedDatabase(db, new IdGenerator(7), { regions: false, passwordChange: false });
      // As seeded before: no 报修 button, the form and model without the slot.
      const repairButton = BigInt(menuId('machine_repair'));
      await db.deleteFrom('blade_role_menu').where('menu_id', '=', repairButton).execute();
      await db.deleteFrom('blade_menu').where('id', '=', repairButton).execute();
      const xmlBefore = REPAIR_MODEL_XML.replace('        <flowable:formProperty id="slot"/>\n', '').replace(
        '        <flowable:formProperty id="slot" writable="false"/>\n',
        '',
      );
      const formBefore = JSON.stringify({
        ...REPAIR_FORM_DEFINITION,
        fields: REPAIR_FORM_DEFINITION.fields.filter((f) => f.key !== 'slot'),
      });
      await db
        .updateTable('blade_flow_form_version')
        .set({ definition: formBefore })
        .where('form_id', 'in', (eb) =>
          eb.selectFrom('blade_flow_form').select('id').where('form_key', '=', 'repair_order'),
        )
        .execute();
      await db
        .updateTable('blade_flow_form')
        .set({ field_count: 5 })
        .where('form_key', '=', 'repair_order')
        .execute();
      await db
        .updateTable('blade_flow_model')
        .set({ xml: xmlBefore })
        .where('model_key', '=', 'machine_repair')
        .execute();
      await db
        .updateTable('blade_flow_definition')
        .set({ xml: xmlBefore })
        .where('process_key', '=', 'machine_repair')
        .execute();

      await migrateToLatest(db);
      const holders = await db
        .selectFrom('blade_role_menu')
        .select('role_id')
        .where('menu_id', '=', repairButton)
        .execute();
      expect(holders.map((r) => String(r.role_id))).toEqual([SEED_IDS.administratorRole]);
      const form = await db
        .selectFrom('blade_flow_form as f')
        .innerJoin('blade_flow_form_version as v', 'v.form_id', 'f.id')
        .select(['f.field_count', 'v.definition'])
        .where('f.form_key', '=', 'repair_order')
        .executeTakeFirstOrThrow();
      expect(form.definition).toBe(JSON.stringify(REPAIR_FORM_DEFINITION));
      expect(Number(form.field_count)).toBe(6);
      for (const table of ['blade_flow_model', 'blade_flow_definition'] as const) {
        const rows = await db.selectFrom(table).select('xml').execute();
        expect(rows.filter((r) => r.xml.includes('machine_repair')).map((r) => r.xml)).toEqual([
          REPAIR_MODEL_XML,
        ]);
      }
      // A hospital takes its maintainer.
      await db
        .insertInto('zx_hospital')
        .values({
          id: 9001n,
          tenant_id: '000000',
          hospital_code: 'UP1',
          hospital_name: '升级医院',
          level: null,
          region_code: null,
          address: null,
          contact_name: null,
          contact_phone: null,
          maintainer_id: BigInt(SEED_IDS.admin),
          longitude: null,
          latitude: null,
          remark: null,
          ...systemAudit(),
        })
        .execute();
      const hospital = await db
        .selectFrom('zx_hospital')
        .select('maintainer_id')
        .where('id', '=', 9001n)
        .executeTakeFirstOrThrow();
      expect(String(hospital.maintainer_id)).toBe(SEED_IDS.admin);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});

describe.each(enginesUnderTest())('business dictionaries and demo data on %s', (kind) => {
  it('answer an English console in English until an administrator rewords them; the demo fills a tenant once', async () => {
    const t = await startTestApp(kind);
    try {
      const dictionary = async (language: string) =>
        (
          await t.call({
            method: 'GET',
            url: '/api/blade-system/dict/dictionary?code=slot_status',
            headers: { 'accept-language': language },
          })
        ).body.data.map((d: { dictValue: string }) => d.dictValue);
      expect(await dictionary('zh-CN')).toEqual(['空闲', '有货', '使用中', '故障', '锁定']);
      expect(await dictionary('en')).toEqual(['Empty', 'Stocked', 'In use', 'Fault', 'Locked']);
      await t.store.db
        .updateTable('blade_dict')
        .set({ dict_value: '坏了' })
        .where('code', '=', 'slot_status')
        .where('dict_key', '=', '3')
        .execute();
      expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/clear-cache' })).status).toBe(200);
      const reworded = await t.call({
        method: 'GET',
        url: '/api/blade-system/dict/dictionary?code=slot_status',
        headers: { 'accept-language': 'en' },
      });
      expect(reworded.body.data.map((d: { dictValue: string }) => d.dictValue)).toContain('坏了');

      // `npm run demo` fills the tenant once, through the services, and the dashboard shows it.
      const options = {
        tenantId: '000000',
        uploadsRoot: path.join(t.dataDir, 'uploads'),
        offlineSeconds: 300,
      };
      expect(await fillDemo(oneDatabase(t.store), options)).toEqual({
        hospitals: 3,
        machines: 8,
        apks: 3,
        refunds: 60,
      });
      expect(await fillDemo(oneDatabase(t.store), options)).toBeNull();
      // Its apk files count against the tenant's storage quota, as uploads do.
      const tenant = await t.store.db
        .selectFrom('blade_tenant')
        .select('upload_used')
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow();
      const files = await t.store.db
        .selectFrom('blade_attach')
        .select('attach_size')
        .where('tenant_id', '=', '000000')
        .where('is_deleted', '=', 0)
        .execute();
      expect(files).toHaveLength(3);
      expect(Number(tenant.upload_used)).toBe(files.reduce((n, f) => n + Number(f.attach_size), 0));
      const board = (await t.call({ method: 'GET', url: '/api/zxgxg-api/dashboard' })).body.data;
      expect(board.machines).toEqual({ total: 8, online: 6, offline: 2, fault: 1 });
      expect(board.slots.total).toBe(6 * 24 + 2 * 48);
      expect(board.refunds.pending).toBeGreaterThan(0);
      expect(
        board.refundsByDay.reduce(
          (n: number, d: { agreed: number; rejected: number }) => n + d.agreed + d.rejected,
          0,
        ),
      ).toBeGreaterThan(40);
      expect(board.apkVersions[0]).toMatchObject({
        packageName: 'com.zxgxg.cabinet',
        versionCode: 110,
        versionName: '1.1.0',
        machines: 6,
      });
    } finally {
      await t.close();
    }
  });
});
