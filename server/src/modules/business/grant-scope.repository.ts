import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { isAdministratorActor } from '../../core/auth/principal.js';
import type { ScopePredicate } from '../../core/repository/table.js';
import type { Actor } from '../../core/repository/store.js';
import { isId } from '../../core/ids.js';

// Slot grants as a data scope (issue 16): an operator sees the machines and slots granted to them
// (zx_slot_grant: a row with a slot is that slot, a row without one the whole machine), and the
// refund reviews of those slots; administrators see the whole tenant, as does the server acting for
// itself (no roles: devices, seeds). The table definitions of machines, slots and refund reviews
// name these as their row scope, so every list, detail, update, removal, export and the dashboard
// that go through the repository base carry them; no handler filters by hand.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- predicates over whichever table declares them
type AnyBuilder = ExpressionBuilder<any, any>;

/** Whether grants restrict what the actor sees: a signed-in user who is not an administrator. */
export function grantsRestrict(actor: Actor): boolean {
  return Boolean(actor.roleIds) && !isAdministratorActor(actor);
}

/** The actor's live grants (a subquery over zx_slot_grant aliased `g`). */
function grantsOf(eb: AnyBuilder, actor: Actor) {
  return eb
    .selectFrom('zx_slot_grant as g')
    .select(sql`1`.as('one'))
    .where('g.user_id', '=', BigInt(actor.userId!))
    .where('g.tenant_id', '=', actor.tenantId)
    .where('g.is_deleted', '=', 0);
}

const NOTHING: ScopePredicate = () => sql<SqlBool>`1 = 0`;

function scope(build: (eb: AnyBuilder, actor: Actor) => Expression<SqlBool>) {
  return (actor: Actor): ScopePredicate | null => {
    if (!grantsRestrict(actor)) return null;
    if (!actor.userId || !isId(actor.userId)) return NOTHING;
    return (eb) => build(eb, actor);
  };
}

/** Machines: any grant on the machine (whole, or one of its slots). */
export const machineGrantScope = scope((eb, actor) =>
  eb.exists(grantsOf(eb, actor).whereRef('g.machine_id', '=', 'zx_machine.id')),
);

/** Slots: a grant of the slot itself, or of its whole machine. */
export const slotGrantScope = scope((eb, actor) =>
  eb.exists(
    grantsOf(eb, actor).where((w) =>
      w.or([
        w('g.slot_id', '=', w.ref('zx_slot.id')),
        w.and([w('g.slot_id', 'is', null), w('g.machine_id', '=', w.ref('zx_slot.machine_id'))]),
      ]),
    ),
  ),
);

/** Refund reviews: of a machine granted whole, or of a granted slot (by machine and slot number). */
export const refundGrantScope = scope((eb, actor) =>
  eb.exists(
    grantsOf(eb, actor)
      .innerJoin('zx_machine as gm', 'gm.id', 'g.machine_id')
      .leftJoin('zx_slot as gs', 'gs.id', 'g.slot_id')
      .whereRef('gm.machine_no', '=', 'zx_refund_review.machine_no')
      .where('gm.is_deleted', '=', 0)
      .where((w) =>
        w.or([w('g.slot_id', 'is', null), w('gs.slot_no', '=', w.ref('zx_refund_review.slot_no'))]),
      ),
  ),
);

/** Machine commands: any grant on the command's machine (opening a slot is checked when it is sent). */
export const commandGrantScope = scope((eb, actor) =>
  eb.exists(grantsOf(eb, actor).whereRef('g.machine_id', '=', 'zx_machine_command.machine_id')),
);
