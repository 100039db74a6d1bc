import type { Leave } from '@console/contract';
import { LeaveSchema } from '@console/contract/schema';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** Leave requests (blade_process_leave): the business record of the leave process. */
export const leaveTable = defineTable(
  LeaveSchema,
  'blade_process_leave',
  { tenantScoped: true },
  {
    kinds: {
      processDefinitionId: 'id',
      processInstanceId: 'id',
      startTime: 'datetime',
      endTime: 'datetime',
      taskUser: 'id',
      applyTime: 'datetime',
    },
    filter: ['processDefinitionId', 'processInstanceId', 'leaveType', 'taskUser', 'leaveState'],
    sort: ['startTime', 'endTime', 'days', 'applyTime'],
  },
);

export class LeaveRepository extends TableRepository<Leave, 'blade_process_leave'> {
  constructor(store: Store) {
    super(store, leaveTable);
  }
}
