import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { columnTypes, kindOf } from '../column-types.js';
import type { Database } from '../schema.js';
import { insertMissingButtons } from '../seed/menu-additions.js';

// Issue 51, the machine repair order started from the machine page:
// - a hospital's maintainer (zx_hospital.maintainer_id, a user of the tenant), to whom the machines'
//   repair orders go first;
// - the machine page's 报修 button (machine_repair), through the menu additions: granted to every
//   role holding the machine page, as 0027's 远程指令 was;
// - the seeded process 设备报修 gains its `slot` field (the slot at fault, which its end clears): the
//   seed runs only on an empty database, so the copies seeded before — the form 报修单's version and
//   the model and its deployed definitions — are brought up to the current seed here, each only while
//   it is still the text shipped (by its SHA-256): a copy an administrator has edited is theirs, and
//   the 报修 call then starts it without the slot (machine-repair.ts reads the pinned form).
// The texts below are this migration's own (a shipped migration never changes), not the seed's.

/** SHA-256 of the model 设备报修 as seeded before this migration (db/seed/repair-process.ts). */
export const SEEDED_REPAIR_XML_SHA256 = 'a684081568b8820c185802585e5ce478b298c1d401fddd52906fd465578e8ce3';
/** SHA-256 of the form 报修单's definition (JSON) as seeded before this migration. */
export const SEEDED_REPAIR_FORM_SHA256 = '669ac72106e27851d8f03e1a8bed3d5d70ea0d9894d5688758a14dd78db12c5f';

/** The slot field, after the machine field: a number, optional, read-only on the repair task. */
const SLOT_FIELD = {
  key: 'slot',
  type: 'number',
  label: { zh: '格口', en: 'Slot' },
  required: false,
  searchable: false,
  min: 1,
  max: 200,
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The seeded model's text with the slot declared: editable at the start, read-only on the task. */
export function repairXmlWithSlot(xml: string): string {
  return xml
    .replace(
      '<flowable:formProperty id="machine"/>\n',
      '<flowable:formProperty id="machine"/>\n        <flowable:formProperty id="slot"/>\n',
    )
    .replace(
      '<flowable:formProperty id="machine" writable="false"/>\n',
      '<flowable:formProperty id="machine" writable="false"/>\n        <flowable:formProperty id="slot" writable="false"/>\n',
    );
}

/** The seeded form definition (JSON) with the slot field after the machine. */
export function repairFormWithSlot(definition: string): string {
  const parsed = JSON.parse(definition) as { layout: number; fields: Array<{ key: string }> };
  const at = parsed.fields.findIndex((f) => f.key === 'machine') + 1;
  return JSON.stringify({
    ...parsed,
    fields: [...parsed.fields.slice(0, at), SLOT_FIELD, ...parsed.fields.slice(at)],
  });
}

export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as Kysely<Database>;
  const t = columnTypes(kindOf(raw));
  await db.schema.alterTable('zx_hospital').addColumn('maintainer_id', t.id).execute();
  await insertMissingButtons(raw);

  // The form's versions still as seeded (any tenant's copy of the same text too).
  const versions = await db
    .selectFrom('blade_flow_form_version as v')
    .innerJoin('blade_flow_form as f', 'f.id', 'v.form_id')
    .select(['v.id', 'v.form_id', 'v.definition'])
    .where('f.form_key', '=', 'repair_order')
    .execute();
  for (const version of versions) {
    if (sha256(version.definition) !== SEEDED_REPAIR_FORM_SHA256) continue;
    const definition = repairFormWithSlot(version.definition);
    await db
      .updateTable('blade_flow_form_version')
      .set({ definition })
      .where('id', '=', version.id)
      .execute();
    await db
      .updateTable('blade_flow_form')
      .set({ field_count: (JSON.parse(definition) as { fields: unknown[] }).fields.length })
      .where('id', '=', version.form_id)
      .execute();
  }

  // The model and the definitions deployed from it, still as seeded: the same ids and diagram, one
  // more declaration, so running instances go on.
  for (const table of ['blade_flow_model', 'blade_flow_definition'] as const) {
    const rows =
      table === 'blade_flow_model'
        ? await db.selectFrom(table).select(['id', 'xml']).where('model_key', '=', 'machine_repair').execute()
        : await db
            .selectFrom(table)
            .select(['id', 'xml'])
            .where('process_key', '=', 'machine_repair')
            .execute();
    for (const row of rows) {
      if (sha256(row.xml) !== SEEDED_REPAIR_XML_SHA256) continue;
      await db
        .updateTable(table)
        .set({ xml: repairXmlWithSlot(row.xml) })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
