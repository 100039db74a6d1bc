import { FLOW_LIMITS } from '@console/contract/flow';
import { describe, expect, it } from 'vitest';
import { fileProblem, formatBytes } from './files';

describe('fileProblem', () => {
  it('takes .bpmn and .xml files up to the upload limit', () => {
    expect(fileProblem({ name: 'leave.bpmn', size: 2_000 })).toBeUndefined();
    expect(fileProblem({ name: 'Leave.BPMN20.XML', size: FLOW_LIMITS.uploadBytes })).toBeUndefined();
    expect(fileProblem({ name: 'leave.png', size: 2_000 })).toBe('badType');
    expect(fileProblem({ name: 'leave.bpmn.txt', size: 2_000 })).toBe('badType');
    expect(fileProblem({ name: 'leave.bpmn', size: FLOW_LIMITS.uploadBytes + 1 })).toBe('tooLarge');
    expect(fileProblem({ name: 'leave.xml', size: 0 })).toBe('empty');
  });

  it('says sizes in the limit’s decimal units', () => {
    expect(formatBytes(FLOW_LIMITS.uploadBytes)).toBe('1 MB');
    expect(formatBytes(2_500)).toBe('2.5 KB');
    expect(formatBytes(999)).toBe('999 B');
  });
});
