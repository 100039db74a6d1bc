import { DATA_SCOPE_TYPE } from '@console/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import { isPlatformAdminActor } from '../auth/principal.js';
import { isId } from '../ids.js';
import { platformStore, type Actor, type Store } from './store.js';
import { toDb, type AnyBuilder, type Column, type ScopePredicate, type TableDef } from './table.js';

// Data scopes (spec §6; issue 5): which rows of a list a role's users see. A table that declares a
// resource code (defineTable's `resourceCode`) gets the predicate built here on every list, read,
// update and delete by id that goes through TableRepository — handlers never apply it themselves.
//
// The rules are the data scopes (blade_scope_data) of that resource code granted (blade_role_scope,
// category 1) to the caller's roles. No rule: the caller sees every row of the tenant (BladeX does
// the same). Several rules (several roles): the caller sees the union. The platform administrator
// sees everything. A rule's column must be a declared column of the table: a rule naming anything
// else matches no row (fail closed), and no text of a rule ever becomes SQL.

export const SCOPE_CATEGORY = { DATA: 1, API: 2 } as const;

export interface DataScopeRule {
  scopeType: number;
  scopeColumn: string | null;
  scopeValue: string | null;
}

/** The rules of a resource code that apply to the actor; null when nothing restricts it. */
export async function loadDataScopeRules(
  store: Store,
  actor: Actor,
  resourceCode: string,
): Promise<DataScopeRule[] | null> {
  if (!actor.roleIds || isPlatformAdminActor(actor)) return null;
  const roleIds = actor.roleIds.filter(isId).map((id) => BigInt(id));
  if (roleIds.length === 0) return null;
  // The rules are the platform's rows: in the main database whichever database the table is in.
  const rows = await platformStore(store)
    .db.selectFrom('blade_scope_data as sd')
    .innerJoin('blade_role_scope as rs', 'rs.scope_id', 'sd.id')
    .innerJoin('blade_role as r', 'r.id', 'rs.role_id')
    .select(['sd.scope_type', 'sd.scope_column', 'sd.scope_value'])
    .where('rs.scope_category', '=', SCOPE_CATEGORY.DATA)
    .where('rs.role_id', 'in', roleIds)
    .where('r.tenant_id', '=', actor.tenantId)
    .where('r.is_deleted', '=', 0)
    .where('sd.resource_code', '=', resourceCode)
    .where('sd.is_deleted', '=', 0)
    .where('sd.status', '=', 1)
    .execute();
  if (rows.length === 0) return null;
  const rules = rows.map((row) => ({
    scopeType: Number(row.scope_type),
    scopeColumn: row.scope_column,
    scopeValue: row.scope_value,
  }));
  return rules.some((rule) => rule.scopeType === DATA_SCOPE_TYPE.ALL) ? null : rules;
}

/** `,<list>,` contains `,<value>,`: an element of a comma-joined id list (no substring matches). */
export function listHas(list: Expression<unknown>, value: string): Expression<SqlBool> {
  return sql<SqlBool>`concat(',', ${list}, ',') like ${`%,${value},%`}`;
}

/** The ids of a department and of every department below it, as a subquery of the tenant's rows. */
export function deptAndBelow(eb: AnyBuilder, tenantId: string, deptId: string) {
  return eb
    .selectFrom('blade_dept as scope_dept')
    .select('scope_dept.id')
    .where('scope_dept.tenant_id', '=', tenantId)
    .where('scope_dept.is_deleted', '=', 0)
    .where((w) =>
      w.or([w('scope_dept.id', '=', BigInt(deptId)), listHas(w.ref('scope_dept.ancestors'), deptId)]),
    );
}

/**
 * The ids of a department and of every department below it, read first: for a table in a tenant's
 * own database, where the departments (a platform table) are not.
 */
async function deptIdsBelow(store: Store, tenantId: string, deptId: string): Promise<string[]> {
  const rows = await store.db
    .selectFrom('blade_dept')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where((w) => w.or([w('id', '=', BigInt(deptId)), listHas(w.ref('ancestors'), deptId)]))
    .execute();
  return rows.map((row) => String(row.id));
}

/**
 * `column` holds (as an id, or as an element of a comma-joined id list) the id of a department
 * that is `deptId` or below it; `below`: those departments' ids, read beforehand (a table in a
 * tenant's own database cannot join the departments).
 */
export function inDeptOrBelow(
  eb: AnyBuilder,
  column: { ref: string; kind: Column['kind'] },
  tenantId: string,
  deptId: string,
  below?: readonly string[],
): Expression<SqlBool> {
  if (below) {
    if (below.length === 0) return NOTHING(eb);
    return column.kind === 'ids'
      ? eb.or(below.map((id) => listHas(eb.ref(column.ref), id)))
      : eb(
          eb.ref(column.ref),
          'in',
          below.map((id) => BigInt(id)),
        );
  }
  if (column.kind !== 'ids') return eb(eb.ref(column.ref), 'in', deptAndBelow(eb, tenantId, deptId));
  return eb.exists(
    deptAndBelow(eb, tenantId, deptId).where(
      sql<SqlBool>`concat(',', ${eb.ref(column.ref)}, ',') like concat('%,', scope_dept.id, ',%')`,
    ),
  );
}

const NOTHING = (_eb: AnyBuilder): Expression<SqlBool> => sql<SqlBool>`1 = 0`;

/**
 * The column of the table a rule names, if the rule may use it: a declared, readable column; an id
 * column (or id list) for own / own department / below, a filterable one for custom rules.
 */
export function ruleColumn<E>(
  def: TableDef<E>,
  rule: Pick<DataScopeRule, 'scopeType' | 'scopeColumn'>,
): Column | undefined {
  const fallback =
    rule.scopeType === DATA_SCOPE_TYPE.OWN
      ? 'createUser'
      : rule.scopeType === DATA_SCOPE_TYPE.CUSTOM
        ? undefined
        : 'createDept';
  const name = rule.scopeColumn?.trim() || fallback;
  const column = name === undefined ? undefined : def.byName.get(name);
  if (!column || column.writeOnly) return undefined;
  if (rule.scopeType === DATA_SCOPE_TYPE.CUSTOM) return column.filter ? column : undefined;
  return column.kind === 'id' || column.kind === 'ids' ? column : undefined;
}

/** One rule as a predicate over the table's columns (qualified by the table's name). */
function rulePredicate<E>(
  eb: AnyBuilder,
  def: TableDef<E>,
  actor: Actor,
  rule: DataScopeRule,
  below: readonly string[] | undefined,
) {
  const column = ruleColumn(def, rule);
  if (!column) return NOTHING(eb);
  const ref = `${def.table}.${column.name}`;
  const equals = (value: string) =>
    column.kind === 'ids' ? listHas(eb.ref(ref), value) : eb(eb.ref(ref), '=', toDb(column.kind, value));

  switch (rule.scopeType) {
    case DATA_SCOPE_TYPE.OWN:
      return actor.userId ? equals(actor.userId) : NOTHING(eb);
    case DATA_SCOPE_TYPE.OWN_DEPT:
      return actor.deptId && isId(actor.deptId) ? equals(actor.deptId) : NOTHING(eb);
    case DATA_SCOPE_TYPE.OWN_DEPT_AND_BELOW:
      return actor.deptId && isId(actor.deptId)
        ? inDeptOrBelow(eb, { ref, kind: column.kind }, actor.tenantId, actor.deptId, below)
        : NOTHING(eb);
    case DATA_SCOPE_TYPE.CUSTOM: {
      const values = (rule.scopeValue ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '' && fits(column, v));
      if (values.length === 0) return NOTHING(eb);
      return eb.or(values.map(equals));
    }
    default:
      return NOTHING(eb);
  }
}

/** Whether a custom scope's value can be compared with the column (an id with an id, …). */
function fits(column: Column, value: string): boolean {
  switch (column.kind) {
    case 'id':
    case 'ids':
      return isId(value);
    case 'int':
      return /^-?\d{1,15}$/.test(value);
    case 'datetime':
      return false;
    default:
      return true;
  }
}

/**
 * dataScopePredicate's answer without waiting when no rule has to be read (the table declares no
 * resource code: only its row scope, if any, applies); undefined when the rules must be read.
 */
export function dataScopeNow<E>(def: TableDef<E>, actor: Actor): ScopePredicate | null | undefined {
  return def.resourceCode ? undefined : (def.rowScope?.(actor) ?? null);
}

/**
 * The data-scope predicate of a table for the actor, or null when nothing restricts it (the table
 * declares no resource code and no row scope, the actor is the server or the platform
 * administrator, or no rule). A table's row scope (slot grants) and its data-scope rules both apply.
 */
export async function dataScopePredicate<E>(
  store: Store,
  def: TableDef<E>,
  actor: Actor,
): Promise<ScopePredicate | null> {
  const own = def.rowScope?.(actor) ?? null;
  const rules = def.resourceCode ? await loadDataScopeRules(store, actor, def.resourceCode) : null;
  // A table in a tenant's own database cannot join the departments: read them from the main one.
  const below =
    store.routed &&
    actor.deptId &&
    isId(actor.deptId) &&
    rules?.some((rule) => rule.scopeType === DATA_SCOPE_TYPE.OWN_DEPT_AND_BELOW)
      ? await deptIdsBelow(platformStore(store), actor.tenantId, actor.deptId)
      : undefined;
  const ruled: ScopePredicate | null = rules
    ? (eb) => eb.or(rules.map((rule) => rulePredicate(eb, def, actor, rule, below)))
    : null;
  if (!own || !ruled) return own ?? ruled;
  return (eb) => eb.and([own(eb), ruled(eb)]);
}
