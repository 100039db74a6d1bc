// What the 加签 / 减签 forms show of a countersign (会签), without React (tested alone).
import type { FlowCountersign, UserOption } from '@console/contract';
import { userLabel } from '../leave/leave-logic';

type Signer = FlowCountersign['signers'][number];

/** A signer's vote as shown: agreed, disagreed, or yet to decide. */
export function voteOf(signer: Signer): 'agree' | 'disagree' | 'waiting' {
  return signer.vote ?? 'waiting';
}

/** Who 减签 may remove: the signers yet to decide (a vote cast stays). */
export function removableSigners(countersign: FlowCountersign): Signer[] {
  return countersign.signers.filter((s) => s.vote === null);
}

/**
 * The names of the users chosen, for the confirmation: a signer's name, else a user's of the
 * tenant (a user to add), else the id.
 */
export function chosenNames(
  ids: readonly string[],
  countersign: FlowCountersign,
  users: readonly UserOption[] = [],
): string {
  return ids
    .map((id) => {
      const signer = countersign.signers.find((s) => s.userId === id);
      if (signer?.name) return signer.name;
      const user = users.find((u) => u.id === id);
      return user ? userLabel(user) : id;
    })
    .join('、');
}
