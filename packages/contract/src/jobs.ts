// Issue 49: what a scheduled job may say (entities/job.ts has its schemas).

/** What a time missed while no process ran becomes: skipped (recorded), or run once, late. */
export const JOB_MISFIRE = ['skip', 'once'] as const;
export type JobMisfire = (typeof JOB_MISFIRE)[number];

/** How a run ended (or that it still runs); stopped: a user stopped it (停止) while it ran. */
export const JOB_OUTCOMES = [
  'running',
  'success',
  'failure',
  'timeout',
  'lost',
  'skipped',
  'stopped',
] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** What started a run. */
export const JOB_TRIGGERS = ['schedule', 'manual', 'retry', 'misfire'] as const;
export type JobTrigger = (typeof JOB_TRIGGERS)[number];

export const JOB_LIMITS = {
  jobName: 100,
  /** The parameters' JSON text. */
  params: 4000,
  cron: 120,
  timeoutSeconds: { minimum: 1, maximum: 86_400 },
  retries: { minimum: 0, maximum: 10 },
  retryBackoffSeconds: { minimum: 1, maximum: 3_600 },
  /** What a run's output keeps. */
  output: 2000,
} as const;
