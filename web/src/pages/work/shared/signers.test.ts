import type { FlowCountersign } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { chosenNames, removableSigners, voteOf } from './signers';

const countersign: FlowCountersign = {
  sequential: false,
  signers: [
    { userId: '1', name: '张三', vote: 'agree' },
    { userId: '2', name: '李四', vote: null },
    { userId: '3', name: null, vote: 'disagree' },
    { userId: '4', name: '赵六', vote: null },
  ],
};

describe('the 加签 / 减签 forms', () => {
  it('show each vote, and offer only signers yet to decide for removal', () => {
    expect(countersign.signers.map(voteOf)).toEqual(['agree', 'waiting', 'disagree', 'waiting']);
    expect(removableSigners(countersign).map((s) => s.userId)).toEqual(['2', '4']);
  });

  it('name the users chosen in the confirmation: a signer, a user of the tenant, else the id', () => {
    const users = [{ id: '9', account: 'wang', name: '小王', realName: '王五', deptId: null }];
    expect(chosenNames(['2', '9', '3', '77'], countersign, users)).toBe('李四、王五、3、77');
  });
});
