// Constants of the workflow records (issue 17): a module of their own, without TypeBox, so that the
// workflow pages import them and nothing else of the schemas (the business constants do the same).

// Forms designed in the console (issue 51): their own file, reached through this entry.
export * from './flow-form.js';

export const FLOW_LIMITS = {
  modelKey: 64,
  name: 100,
  category: 64,
  description: 255,
  /** A BPMN document, in characters: a large hand-drawn process is a few hundred KB. */
  xml: 1_000_000,
  /** One upload of deploy-upload, in bytes per file. */
  uploadBytes: 1_000_000,
  uploadFiles: 10,
} as const;

/** A process definition's suspensionState: a suspended one starts nothing. */
export const FLOW_SUSPENSION_STATE = { active: 1, suspended: 2 } as const;

/** A process instance's status in send-list and follow/list. */
export const FLOW_INSTANCE_STATUS = { running: 1, finished: 2, deleted: 3, withdrawn: 4 } as const;

/**
 * A task in the to-do list (issue 51): a step of the model (`task`), one handed back by a return or
 * a recall (`returned`: resubmitting it sends the request straight back), or one delegated to the
 * caller (`delegated`: acting on it gives it back to its owner).
 */
export const FLOW_TASK_KIND = ['task', 'returned', 'delegated'] as const;

/** What a person did beside the engine's steps, in an instance's history. */
export const FLOW_ACTIONS = [
  'return',
  'resubmit',
  'transfer',
  'reassign',
  'delegate',
  'resolve',
  'recall',
  'withdraw',
  'nudge',
  'copy',
  // A countersign (会签): a signer's vote, and signers added or removed (加签 / 减签).
  'agree',
  'disagree',
  'addSigner',
  'removeSigner',
] as const;
export type FlowAction = (typeof FLOW_ACTIONS)[number];

/** The most users one step may copy (抄送). */
export const FLOW_COPY_MAX = 20;

/** How long after a nudge the same task can be nudged again (催办). */
export const FLOW_NUDGE_INTERVAL_MS = 60 * 60 * 1000;

/** 1 in review, 2 approved, 3 returned to the applicant, 4 withdrawn, 5 deleted with its process. */
export const LEAVE_STATE = { review: 1, approved: 2, returned: 3, withdrawn: 4, deleted: 5 } as const;
