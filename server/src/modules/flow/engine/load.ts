// The BPMN engine (bpmn-engine, bpmn-moddle, feelin with its Temporal polyfill: about 1.3 MB of code)
// loads with the first workflow call that needs it, not at start: an idle server holds only what it
// has used (docs/benchmarks.md, "Idle memory"). The loaders return the modules themselves, so the
// error classes a caller tests with `instanceof` are the very ones the engine throws. Callers load
// before they open a transaction: loading code while holding the database keeps other writers out.
import type * as Model from './model.js';
import type * as Runtime from './runtime.js';

export type FlowModel = typeof Model;
export type FlowRuntime = typeof Runtime;

let model: Promise<FlowModel> | undefined;
let runtime: Promise<FlowRuntime> | undefined;

/** Reading and vetting models (parseModel, ModelError). */
export const flowModel = (): Promise<FlowModel> => (model ??= import('./model.js'));

/** Running instances (startProcess, completeTask, cancelProcess and their errors). */
export const flowRuntime = (): Promise<FlowRuntime> => (runtime ??= import('./runtime.js'));
