import { PLATFORM_TENANT_ID } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { SeedAudit, SeedIds } from './menus.js';

// The processes ready on day one (the leave process, the machine repair order, the refund's second
// approval) are seeded the same way: once, in the platform tenant, as a model deployed as version 1
// of its definition. A model, definition (or designed form) of the key that exists, or existed and
// was removed, means an administrator has had it, and a removal is not undone at the next start.

export interface SeededProcess {
  key: string;
  /** The designed form the process is built on, seeded with it (its key counts as "had" too). */
  formKey?: string;
  /** Writes the rows, in the transaction the seed runs in. */
  insert: (tx: Kysely<Database>) => Promise<void>;
}

/** Seeds the process unless it was had before; true when it wrote it now. */
export async function seedProcessOnce(db: Kysely<Database>, process: SeededProcess): Promise<boolean> {
  if (await hadBefore(db, process)) return false;
  try {
    await db.transaction().execute(process.insert);
    return true;
  } catch (error) {
    // Another process starting at the same moment seeded it first (the unique indexes): success.
    if (await hadBefore(db, process)) return false;
    throw error;
  }
}

async function hadBefore(db: Kysely<Database>, { key, formKey }: SeededProcess): Promise<boolean> {
  let had = db
    .selectFrom('blade_flow_definition')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT_ID)
    .where('process_key', '=', key)
    .union(
      db
        .selectFrom('blade_flow_model')
        .select('id')
        .where('tenant_id', '=', PLATFORM_TENANT_ID)
        .where('model_key', '=', key),
    );
  if (formKey !== undefined)
    had = had.union(
      db
        .selectFrom('blade_flow_form')
        .select('id')
        .where('tenant_id', '=', PLATFORM_TENANT_ID)
        .where('form_key', '=', formKey),
    );
  return (await had.executeTakeFirst()) !== undefined;
}

export interface DeployedModel {
  key: string;
  name: string;
  category: string | null;
  xml: string;
  /** The designed forms' versions the definition pins (form key → version), if it is built on one. */
  formPins?: Record<string, number>;
}

/** The model in the platform tenant, deployed as version 1 of its definition. */
export async function insertDeployedModel(
  tx: Kysely<Database>,
  ids: SeedIds,
  audit: SeedAudit,
  { key, name, category, xml, formPins }: DeployedModel,
): Promise<void> {
  const now = audit.create_time;
  const tenant = { tenant_id: PLATFORM_TENANT_ID, ...audit };
  const deploymentId = BigInt(ids.next());
  await tx
    .insertInto('blade_flow_model')
    .values({
      id: BigInt(ids.next()),
      ...tenant,
      model_key: key,
      name,
      category,
      description: null,
      xml,
      version: 1,
      deploy_time: now,
    })
    .execute();
  await tx
    .insertInto('blade_flow_deployment')
    .values({ id: deploymentId, ...tenant, name, category, deploy_time: now })
    .execute();
  await tx
    .insertInto('blade_flow_definition')
    .values({
      id: BigInt(ids.next()),
      ...tenant,
      deployment_id: deploymentId,
      process_key: key,
      name,
      version: 1,
      category,
      suspension_state: 1,
      resource_name: `${key}.bpmn20.xml`,
      xml,
      deploy_time: now,
      // Only a process built on a designed form names the column (a schema before 0033 lacks it).
      ...(formPins ? { form_pins: JSON.stringify(formPins) } : {}),
    })
    .execute();
}
