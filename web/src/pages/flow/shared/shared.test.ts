import type { FlowDefinition } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { categoryOf, flowCategoryOptions } from './category';
import { deployedSummary } from './deployed';
import { renameFilters } from './filters';

const definition = (key: string, version: number, tenantId = '000000'): FlowDefinition => ({
  id: `${key}-${version}-${tenantId}`,
  tenantId,
  deploymentId: '9',
  key,
  name: key,
  version,
  category: 'flow_1',
  suspensionState: 1,
  resourceName: `${key}.bpmn`,
  deploymentTime: '2026-05-02 09:30:00',
});

describe('flow categories', () => {
  it('offers the flow dictionary’s items with the stored values flow_<key>', () => {
    expect(categoryOf('1')).toBe('flow_1');
    expect(
      flowCategoryOptions([
        { dictKey: '1', dictValue: '请假流程' },
        { dictKey: '2', dictValue: '报销流程' },
      ]),
    ).toEqual([
      { value: 'flow_1', label: '请假流程' },
      { value: 'flow_2', label: '报销流程' },
    ]);
  });
});

describe('renameFilters', () => {
  it('sends a field by the server’s name, its operator suffix kept', () => {
    expect(
      renameFilters(
        { key: 'Leave', status_equal: 1, startTime_dategt: '2026-05-01', name: 'x' },
        { key: 'processKey', status: 'runState', startTime: 'startTime' },
      ),
    ).toEqual({ processKey: 'Leave', runState_equal: 1, startTime_dategt: '2026-05-01', name: 'x' });
  });
});

describe('deployedSummary', () => {
  it('names each definition by key and version, with its tenant when several got one', () => {
    expect(deployedSummary([definition('Leave', 3), definition('Trip', 1)])).toBe('Leave v3, Trip v1');
    expect(deployedSummary([definition('Leave', 3), definition('Leave', 1, '123456')])).toBe(
      'Leave v3 (000000), Leave v1 (123456)',
    );
  });
});
