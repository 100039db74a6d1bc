import { describe, expect, it } from 'vitest';
import { ALL_AGREE_CONDITION, type MultiInstanceDefinition } from '../../src/modules/flow/engine/model.js';
import { decideCountersign, type CountersignBook } from '../../src/modules/flow/engine/runtime.js';

// When a countersign's votes decide its node (issue 51, decision 0019): it passes once the
// completion condition holds, and fails once no votes still to come could make it hold, whatever
// the condition's shape (not only conditions that grow with agreement).

const rule = (completionCondition: string, sequential = false): MultiInstanceDefinition => ({
  sequential,
  collection: 'signers',
  completionCondition,
});

/** Signers s1…sN, with the votes given (true agrees). */
const book = (signers: number, votes: Record<string, boolean> = {}, sequential = false): CountersignBook => ({
  executionId: 'x',
  elementId: 'sign',
  sequential,
  signers: Array.from({ length: signers }, (_, i) => `s${i + 1}`),
  votes,
});

describe('decideCountersign', () => {
  it('all must agree: passes when all have, fails at the first disagreement', () => {
    const all = rule(ALL_AGREE_CONDITION);
    expect(decideCountersign(all, book(3, { s1: true }), {})).toBeNull();
    expect(decideCountersign(all, book(3, { s1: true, s2: false }), {})).toBe(false);
    expect(decideCountersign(all, book(3, { s1: true, s2: true, s3: true }), {})).toBe(true);
  });

  it('2/3 of three: fails at the second disagreement, passes at the second agreement', () => {
    const ratio = rule('nrOfAgreed / nrOfInstances >= 2/3');
    expect(decideCountersign(ratio, book(3, { s1: false }), {})).toBeNull();
    expect(decideCountersign(ratio, book(3, { s1: false, s2: false }), {})).toBe(false);
    expect(decideCountersign(ratio, book(3, { s1: false, s2: true, s3: true }), {})).toBe(true);
  });

  it('a condition that does not grow with agreement waits while a later vote could still meet it', () => {
    // Exactly one agreement: a first disagreement decides nothing yet.
    const exactlyOne = rule('nrOfAgreed = 1 and nrOfCompletedInstances = nrOfInstances');
    expect(decideCountersign(exactlyOne, book(3, { s1: false }), {})).toBeNull();
    expect(decideCountersign(exactlyOne, book(3, { s1: true, s2: true }), {})).toBe(false);
    expect(decideCountersign(exactlyOne, book(3, { s1: false, s2: true, s3: false }), {})).toBe(true);
    expect(decideCountersign(exactlyOne, book(3, { s1: false, s2: false, s3: false }), {})).toBe(false);
    // Passes on a disagreement while someone is still to vote.
    const rejectedEarly = rule('nrOfRejected >= 1 and nrOfActiveInstances > 0');
    expect(decideCountersign(rejectedEarly, book(3, { s1: true }), {})).toBeNull();
    expect(decideCountersign(rejectedEarly, book(3, { s1: false }), {})).toBe(true);
    // Only the last vote is left: a disagreement then leaves nobody still to vote.
    expect(decideCountersign(rejectedEarly, book(3, { s1: true, s2: true }), {})).toBe(false);
  });

  it('reads the process variables beside the counts', () => {
    const quorum = rule('nrOfAgreed >= quorum');
    expect(decideCountersign(quorum, book(4, { s1: true }), { quorum: 2 })).toBeNull();
    expect(decideCountersign(quorum, book(4, { s1: true, s2: true }), { quorum: 2 })).toBe(true);
    expect(decideCountersign(quorum, book(4, { s1: false, s2: false, s3: false }), { quorum: 2 })).toBe(
      false,
    );
  });

  it('with more undecided signers than it counts through, judges by every one agreeing or none', () => {
    const any = rule('nrOfAgreed >= 1');
    expect(decideCountersign(any, book(60), {})).toBeNull();
    const votes = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`s${i + 1}`, false]));
    expect(decideCountersign(any, book(60, votes), {})).toBe(false);
  });
});
