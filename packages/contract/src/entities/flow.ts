import { Type, type Static } from 'typebox';
import { FLOW_COPY_MAX, FLOW_LIMITS } from '../flow.js';
import { AuditFieldsSchema, IdString, Nullable, OptionalText, RequiredText, SubmitId } from '../schema.js';

// The workflow's records as the console sees them (issue 17; Flowable's names where BladeX's
// console shows Flowable's fields: key, version, suspensionState, deploymentId …).

/** A model (blade_flow_model) in lists: everything but the XML. */
export const FlowModelSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  modelKey: Type.String(),
  name: Type.String(),
  category: Nullable(Type.String()),
  description: Nullable(Type.String()),
  /** How many times it was saved. */
  version: Type.Integer(),
  /** When it was last deployed, if ever. */
  deployTime: Nullable(Type.String()),
});
export type FlowModel = Static<typeof FlowModelSchema>;

/**
 * model/detail (and detail-xml): the model with its BPMN XML, as `xml` (what submit takes) and as
 * `modelEditorXml`, the name of BladeX's FlowModel field, which a BladeX client reads.
 */
export const FlowModelDetailSchema = Type.Object({
  ...FlowModelSchema.properties,
  xml: Type.String(),
  modelEditorXml: Type.String(),
});
export type FlowModelDetail = Static<typeof FlowModelDetailSchema>;

/** model/submit. The key is the process's id in the XML (the XML's own id is set to it). */
export const FlowModelInputSchema = Type.Object(
  {
    id: SubmitId,
    modelKey: Type.String({
      minLength: 1,
      maxLength: FLOW_LIMITS.modelKey,
      pattern: '^[A-Za-z_][A-Za-z0-9_.-]*$',
      'x-label': 'flow.model.modelKey',
      'x-required': 'flow.model.modelKey.required',
    }),
    name: RequiredText(FLOW_LIMITS.name, { label: 'flow.model.name', required: 'flow.model.name.required' }),
    category: OptionalText(FLOW_LIMITS.category, { label: 'flow.category' }),
    description: OptionalText(FLOW_LIMITS.description, { label: 'flow.model.description' }),
    xml: RequiredText(FLOW_LIMITS.xml, { label: 'flow.model.xml', required: 'flow.model.xml.required' }),
  },
  { additionalProperties: false },
);
export type FlowModelInput = Static<typeof FlowModelInputSchema>;

/** A process definition (manager/list): one version of a process, from one deployment. */
export const FlowDefinitionSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  deploymentId: Type.String(),
  key: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  category: Nullable(Type.String()),
  /** 1 active, 2 suspended: a suspended definition starts nothing. */
  suspensionState: Type.Integer(),
  resourceName: Nullable(Type.String()),
  deploymentTime: Type.String(),
});
export type FlowDefinition = Static<typeof FlowDefinitionSchema>;

/** model/deploy: the model becomes a new version in the caller's tenant or the tenants chosen. */
export const FlowModelDeployInput = Type.Object({
  modelId: IdString,
  category: Type.Optional(Type.String({ maxLength: FLOW_LIMITS.category })),
  /** Comma-joined tenant ids; the platform administrator's choice only. */
  tenantIds: Type.Optional(Type.String({ maxLength: 2_000 })),
});
export type FlowModelDeploy = Static<typeof FlowModelDeployInput>;

/** manager/change-state. */
export const FlowStateInput = Type.Object({
  processId: IdString,
  state: Type.Union([Type.Literal('active'), Type.Literal('suspend')]),
});

/** manager/delete-deployment. */
export const FlowDeleteDeploymentInput = Type.Object({
  deploymentIds: Type.String({ minLength: 1, maxLength: 20_000 }),
  /** Also delete the deployments' running instances (otherwise a running one refuses it). */
  cascade: Type.Optional(Type.Boolean()),
});

/** What the work lists and instance lists say of a task's or instance's process. */
const ProcessFields = {
  processInstanceId: Type.String(),
  processDefinitionId: Type.String(),
  processDefinitionKey: Type.String(),
  processDefinitionName: Type.String(),
  processDefinitionVersion: Type.Integer(),
  category: Nullable(Type.String()),
  businessTable: Nullable(Type.String()),
  businessId: Nullable(Type.String()),
  startUser: Type.String(),
  startUserName: Nullable(Type.String()),
};

/** A user task in the work lists (claim, todo, done), with its process's names. */
export const FlowTaskSchema = Type.Object({
  taskId: Type.String(),
  taskName: Type.String(),
  taskDefinitionKey: Type.String(),
  ...ProcessFields,
  assignee: Nullable(Type.String()),
  assigneeName: Nullable(Type.String()),
  createTime: Type.String(),
  claimTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  outcome: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  processIsFinished: Type.Boolean(),
  /** See FLOW_TASK_KIND; absent means `task`. */
  kind: Type.Optional(
    Type.Union([Type.Literal('task'), Type.Literal('returned'), Type.Literal('delegated')]),
  ),
  /** Who handed the task to its assignee (returned, delegated or transferred it), and why. */
  fromUser: Type.Optional(Nullable(Type.String())),
  fromUserName: Type.Optional(Nullable(Type.String())),
  fromComment: Type.Optional(Nullable(Type.String())),
});
export type FlowTask = Static<typeof FlowTaskSchema>;

/** A process instance (send-list, follow/list). status: 1 running, 2 finished, 3 deleted. */
export const FlowInstanceSchema = Type.Object({
  ...ProcessFields,
  startTime: Type.String(),
  endTime: Nullable(Type.String()),
  status: Type.Integer(),
  currentNodes: Nullable(Type.String()),
  endActivity: Nullable(Type.String()),
  deleteReason: Nullable(Type.String()),
});
export type FlowInstance = Static<typeof FlowInstanceSchema>;

/** One activity of an instance's history (history-flow-list; model-view's `flow`). */
export const FlowHistorySchema = Type.Object({
  historyActivityId: Type.String(),
  historyActivityName: Nullable(Type.String()),
  historyActivityType: Type.String(),
  taskId: Nullable(Type.String()),
  assignee: Nullable(Type.String()),
  assigneeName: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  startTime: Type.String(),
  endTime: Nullable(Type.String()),
  durationInMillis: Nullable(Type.Integer()),
  /** What a person did (FLOW_ACTIONS) when the row is an action rather than an activity. */
  action: Type.Optional(Nullable(Type.String())),
});
export type FlowHistory = Static<typeof FlowHistorySchema>;

/** process/model-view: the diagram and what the viewer colours. */
export const FlowModelViewSchema = Type.Object({
  xml: Type.String(),
  flow: Type.Array(FlowHistorySchema),
  /** The sequence flows taken so far (coloured as taken). */
  takenFlows: Type.Array(Type.String()),
});
export type FlowModelView = Static<typeof FlowModelViewSchema>;

/** work/complete-task. flag: pass (ok) or reject. */
export const FlowCompleteInputSchema = Type.Object(
  {
    taskId: IdString,
    processInstanceId: IdString,
    flag: Type.Union([Type.Literal('ok'), Type.Literal('pass'), Type.Literal('reject')]),
    comment: OptionalText(500, { label: 'flow.comment' }),
    variables: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
    copyUserIds: Type.Optional(FlowCopyUsers()),
  },
  { additionalProperties: false },
);
export type FlowCompleteInput = Static<typeof FlowCompleteInputSchema>;

/** The users a step copies (抄送): ids of the caller's tenant. */
export function FlowCopyUsers() {
  return Type.Array(IdString, { maxItems: FLOW_COPY_MAX, 'x-label': 'flow.copyUsers' });
}

/** A comment on an action (return, transfer, delegate, withdraw…). */
const ActionComment = OptionalText(500, { label: 'flow.comment' });

/**
 * work/return-task: the task goes back to an earlier person (`previous`: the last one who acted,
 * `initiator`, or the key of a task already passed); their resubmission comes straight back.
 */
export const FlowReturnInputSchema = Type.Object(
  {
    taskId: IdString,
    target: Type.String({ minLength: 1, maxLength: 64, 'x-label': 'flow.return.target' }),
    comment: ActionComment,
  },
  { additionalProperties: false },
);
export type FlowReturnInput = Static<typeof FlowReturnInputSchema>;

/** work/transfer-task, work/delegate-task, follow/reassign-task: the task to another user of the tenant. */
export const FlowHandOverInputSchema = Type.Object(
  { taskId: IdString, userId: IdString, comment: ActionComment },
  { additionalProperties: false },
);
export type FlowHandOverInput = Static<typeof FlowHandOverInputSchema>;

/**
 * work/add-signer, work/remove-signer (a signer of the countersign) and follow/add-signer,
 * follow/remove-signer (a process administrator): 加签 and 减签 on a countersign task's node.
 */
export const FlowSignerInputSchema = Type.Object(
  {
    taskId: IdString,
    userIds: Type.Array(IdString, { minItems: 1, maxItems: FLOW_COPY_MAX, 'x-label': 'flow.signers' }),
    comment: ActionComment,
  },
  { additionalProperties: false },
);
export type FlowSignerInput = Static<typeof FlowSignerInputSchema>;

/** work/recall, work/withdraw, work/nudge: the initiator's actions on their request. */
export const FlowInstanceActionInputSchema = Type.Object(
  { processInstanceId: IdString, comment: ActionComment },
  { additionalProperties: false },
);
export type FlowInstanceActionInput = Static<typeof FlowInstanceActionInputSchema>;

/** A task a return may go back to (work/return-targets). */
export const FlowReturnTargetSchema = Type.Object({
  /** `initiator` or a task key. */
  target: Type.String(),
  taskName: Type.String(),
  assignee: Nullable(Type.String()),
  assigneeName: Nullable(Type.String()),
});
export type FlowReturnTarget = Static<typeof FlowReturnTargetSchema>;

/**
 * work/signers: a countersign task's node (会签): how it runs and each signer with their vote
 * (null: yet to decide); null for a task that is not a countersign's.
 */
export const FlowCountersignSchema = Type.Object({
  sequential: Type.Boolean(),
  signers: Type.Array(
    Type.Object({
      userId: Type.String(),
      name: Nullable(Type.String()),
      vote: Nullable(Type.Union([Type.Literal('agree'), Type.Literal('disagree')])),
    }),
  ),
});
export type FlowCountersign = Static<typeof FlowCountersignSchema>;

/** A request copied to the caller (work/copy-list). */
export const FlowCopySchema = Type.Object({
  id: Type.String(),
  ...ProcessFields,
  taskName: Nullable(Type.String()),
  fromUser: Type.String(),
  fromUserName: Nullable(Type.String()),
  createTime: Type.String(),
  /** 0 unread, 1 read. */
  readFlag: Type.Integer(),
  readTime: Nullable(Type.String()),
  status: Type.Integer(),
  processIsFinished: Type.Boolean(),
});
export type FlowCopy = Static<typeof FlowCopySchema>;

/** An open task of an instance, for an administrator's reassignment (follow/open-tasks). */
export const FlowOpenTaskSchema = Type.Object({
  taskId: Type.String(),
  taskName: Type.String(),
  assignee: Nullable(Type.String()),
  assigneeName: Nullable(Type.String()),
  createTime: Type.String(),
});
export type FlowOpenTask = Static<typeof FlowOpenTaskSchema>;

/** leave/start-process: a leave request, sent to the approver chosen. Times: yyyy-MM-dd HH:mm:ss. */
export const LeaveInputSchema = Type.Object(
  {
    processDefinitionId: IdString,
    leaveType: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, 'x-label': 'leave.leaveType' })),
    startTime: RequiredText(19, { label: 'leave.startTime', required: 'leave.startTime.required' }),
    endTime: RequiredText(19, { label: 'leave.endTime', required: 'leave.endTime.required' }),
    days: Type.Integer({
      minimum: 1,
      maximum: 365,
      'x-label': 'leave.days',
      'x-required': 'leave.days.required',
    }),
    reason: RequiredText(500, { label: 'leave.reason', required: 'leave.reason.required' }),
    taskUser: Type.String({
      pattern: '^\\d{1,19}$',
      'x-label': 'leave.taskUser',
      'x-required': 'leave.taskUser.required',
    }),
    /** Users told of the request (抄送, issue 51): they may read it. */
    copyUserIds: Type.Optional(FlowCopyUsers()),
  },
  { additionalProperties: false },
);
export type LeaveInput = Static<typeof LeaveInputSchema>;

/** A leave request with its process's history (leave/detail). leaveState: see LEAVE_STATE. */
export const LeaveSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  processDefinitionId: Type.String(),
  processInstanceId: Nullable(Type.String()),
  leaveType: Type.Integer(),
  startTime: Type.String(),
  endTime: Type.String(),
  days: Type.Integer(),
  reason: Type.String(),
  taskUser: Type.String(),
  applyTime: Type.String(),
  leaveState: Type.Integer(),
});
export type Leave = Static<typeof LeaveSchema>;

export const LeaveDetailSchema = Type.Object({
  ...LeaveSchema.properties,
  taskUserName: Nullable(Type.String()),
  flow: Type.Array(FlowHistorySchema),
});
export type LeaveDetail = Static<typeof LeaveDetailSchema>;

export {
  FLOW_LIMITS,
  LEAVE_STATE,
  FLOW_SUSPENSION_STATE,
  FLOW_INSTANCE_STATUS,
  FLOW_TASK_KIND,
  FLOW_ACTIONS,
  FLOW_COPY_MAX,
  FLOW_NUDGE_INTERVAL_MS,
} from '../flow.js';
