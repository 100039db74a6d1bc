import type { FastifyInstance } from 'fastify';
import type { Store } from '../../core/repository/store.js';
import type { TenantStores } from '../../core/repository/tenant-databases.js';
import type { MessageService } from '../desk/message/message.service.js';
import type { LogWriter } from '../log/log-writer.js';
import { usualEventRecorder } from '../log/usual-events.js';
import { flowManagerRoutes, flowModelRoutes } from './flow.routes.js';
import { FlowDeployer, FlowModelService } from './flow.service.js';
import { flowFormRoutes } from './form/form.routes.js';
import { FlowFormService } from './form/form.service.js';
import { leaveRoutes } from './leave/leave.routes.js';
import { LeaveService } from './leave/leave.service.js';
import { flowFollowRoutes, flowProcessRoutes, flowWorkRoutes } from './runtime/runtime.routes.js';
import { FlowActionService } from './runtime/actions.service.js';
import { FlowRuntimeService } from './runtime/runtime.service.js';
import { TaskMessages } from './runtime/task-messages.js';

export interface FlowDependencies {
  /** The main database (its time zone dates the events). */
  store: Store;
  /** Where each tenant's workflow records are (decision 0020). */
  stores: TenantStores;
  logWriter: LogWriter;
  /** The message center: task assignees, candidates and starters hear of their tasks (issue 47). */
  messages: MessageService;
}

/**
 * The workflow (spec §7, "Workflow" and "Leave"): its services and routes; its events go to the
 * usual log. Its records are routed per tenant (`stores`, decision 0020).
 */
export async function registerFlow(
  app: FastifyInstance,
  deps: FlowDependencies,
): Promise<{ runtime: FlowRuntimeService }> {
  const { stores } = deps;
  const record = usualEventRecorder(deps.logWriter, deps.store.timeZone);
  const deployer = new FlowDeployer(stores, record);
  const messages = new TaskMessages(deps.store, deps.messages);
  const runtime = new FlowRuntimeService(stores, record, messages);
  const actions = new FlowActionService(stores, runtime, record, messages);
  await app.register(flowModelRoutes, {
    prefix: '/api/blade-flow/model',
    models: new FlowModelService(stores, deployer),
  });
  await app.register(flowFormRoutes, { prefix: '/api/blade-flow/form', forms: new FlowFormService(stores) });
  await app.register(flowManagerRoutes, { prefix: '/api/blade-flow/manager', deployer });
  await app.register(flowWorkRoutes, { prefix: '/api/blade-flow/work', runtime, actions });
  await app.register(flowFollowRoutes, { prefix: '/api/blade-flow/follow', runtime, actions });
  await app.register(flowProcessRoutes, { prefix: '/api/blade-flow/process', runtime });
  await app.register(leaveRoutes, {
    prefix: '/api/blade-desk/process/leave',
    leaves: new LeaveService(stores, runtime, actions),
  });
  // Other modules' business forms (the refund's second approval) register with the runtime.
  return { runtime };
}
