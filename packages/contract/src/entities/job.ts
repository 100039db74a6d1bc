import { Type, type Static } from 'typebox';
import { JOB_LIMITS, type JOB_MISFIRE } from '../jobs.js';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

// Issue 49: scheduled jobs (blade_job) and their runs (blade_job_run). `status`: 1 scheduled, 0 paused.

const S = () => Nullable(Type.String());

/** JOB_MISFIRE, spelled out so that the type keeps its two words. */
const Misfire = Type.Union([Type.Literal('skip'), Type.Literal('once')]) satisfies {
  anyOf: Array<{ const: (typeof JOB_MISFIRE)[number] }>;
};

export const JobSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  jobName: Type.String(),
  /** A handler the server registers in code (`job/handlers`). */
  handler: Type.String(),
  /** The handler's parameters, as JSON text. */
  params: S(),
  /** Cron with seconds: `s m h dom mon dow`, in the server's time zone. */
  cron: Type.String(),
  misfire: Misfire,
  timeoutSeconds: Type.Integer(),
  retries: Type.Integer(),
  retryBackoffSeconds: Type.Integer(),
  /** Comma-joined ids of the users told when a run fails. */
  notifyUserIds: S(),
  remark: S(),
});
export type Job = Static<typeof JobSchema>;

/** submit: no id creates, an id updates (taking effect at the next scheduled time). */
export const JobInputSchema = Type.Object(
  {
    id: SubmitId,
    jobName: RequiredText(JOB_LIMITS.jobName, { label: 'job.jobName', required: 'job.jobName.required' }),
    handler: RequiredText(64, { label: 'job.handler', required: 'job.handler.required' }),
    params: OptionalText(JOB_LIMITS.params, { label: 'job.params' }),
    cron: RequiredText(JOB_LIMITS.cron, { label: 'job.cron', required: 'job.cron.required' }),
    misfire: Type.Optional(Misfire),
    timeoutSeconds: IntegerField(
      { label: 'job.timeoutSeconds', required: 'job.timeoutSeconds.required' },
      JOB_LIMITS.timeoutSeconds,
    ),
    retries: Type.Optional(IntegerField({ label: 'job.retries' }, JOB_LIMITS.retries)),
    retryBackoffSeconds: Type.Optional(
      IntegerField({ label: 'job.retryBackoffSeconds' }, JOB_LIMITS.retryBackoffSeconds),
    ),
    notifyUserIds: OptionalText(1000, { label: 'job.notifyUserIds' }),
    remark: OptionalText(255, { label: 'job.remark' }),
    status: Type.Optional(IntegerField({ label: 'job.status' }, { minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);
export type JobInput = Static<typeof JobInputSchema>;

/** A handler a job may run: its name, whose jobs may use it, and its parameters' JSON Schema. */
export const JobHandlerInfoSchema = Type.Object({
  name: Type.String(),
  /** platform: the platform tenant's jobs only; tenant: any tenant's, run as that tenant. */
  scope: Type.Union([Type.Literal('platform'), Type.Literal('tenant')]),
  title: Type.String(),
  params: Type.Unknown(),
  /** Whether a run of it can be stopped while it runs (停止): the handler ends at its signal. */
  stoppable: Type.Boolean(),
});
export type JobHandlerInfo = Static<typeof JobHandlerInfoSchema>;

/** A run of a job (the run log). */
export const JobRunSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  jobId: Type.String(),
  /** The job's name when listed (null once the job is removed). */
  jobName: S(),
  scheduledTime: Type.String(),
  attempt: Type.Integer(),
  triggerKind: Type.String(),
  outcome: Type.String(),
  process: Type.String(),
  startTime: Type.String(),
  endTime: S(),
  durationMs: Nullable(Type.Integer()),
  output: S(),
  createTime: Type.String(),
});
export type JobRun = Static<typeof JobRunSchema>;
