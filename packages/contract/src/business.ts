// Constants of the business records (issue 16; shared/design/business-domain.md): limits, codes and
// enumerations. A module of their own, not entities.ts: the console's first download imports
// entities.ts, and the bundler keeps a module whole, so constants only the business pages use live
// here and travel with those pages. Money is integer cents on the wire and in the database; the
// console shows yuan.

export const HOSPITAL_LIMITS = {
  hospitalCode: 32,
  hospitalName: 100,
  regionCode: 12,
  address: 255,
  contactName: 32,
  contactPhone: 20,
  coordinate: 20,
  remark: 255,
  maxLevel: 99,
} as const;

export const MACHINE_LIMITS = {
  machineNo: 64,
  machineName: 100,
  location: 100,
  maxModel: 99,
  maxSlotCount: 200,
  /** A repair order's fault description and photos (the seeded form 报修单's limits). */
  repairFault: 1000,
  repairPhotos: 9,
  wxOpenId: 64,
  wxNickname: 64,
  remark: 255,
} as const;

/** A machine number: a device serial (letters, digits, `-` and `_`). */
export const MACHINE_NO_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$';

/** machine.runStatus (dictionary `machine_run_status`). */
export const MACHINE_RUN_STATUS = { DISABLED: 0, NORMAL: 1, FAULT: 2, MAINTENANCE: 3 } as const;
/** machine.onlineStatus, computed when read from lastHeartbeatTime (dictionary none: 0/1). */
export const MACHINE_ONLINE = { OFFLINE: 0, ONLINE: 1 } as const;

/** slot.status (dictionary `slot_status`). */
export const SLOT_STATUS = { EMPTY: 0, STOCKED: 1, IN_USE: 2, FAULT: 3, LOCKED: 4 } as const;
export type SlotStatus = (typeof SLOT_STATUS)[keyof typeof SLOT_STATUS];

export const SLOT_LIMITS = { remark: 255 } as const;

/** What a machine can be told to do from its page (issue 50). */
export const COMMAND_KINDS = ['open-slot', 'reboot', 'check-update', 'reload-config'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/**
 * A command's life: created → sent → acknowledged → succeeded or failed (with the machine's reason);
 * timed out when it has not ended within its kind's time (computed when read).
 */
export const COMMAND_STATES = [
  'created',
  'sent',
  'acknowledged',
  'succeeded',
  'failed',
  'timed-out',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** The states a command ends in. */
export const COMMAND_ENDED: readonly CommandState[] = ['succeeded', 'failed', 'timed-out'];

/** How long each kind of command has to end before it counts as timed out (seconds). */
export const COMMAND_TIMEOUT_SECONDS: Record<CommandKind, number> = {
  'open-slot': 60,
  reboot: 300,
  'check-update': 300,
  'reload-config': 120,
};

export const COMMAND_LIMITS = { requestId: 64, reason: 500 } as const;

/**
 * A staged update (issue 50): running (its stages open one after another), paused (no machine new
 * to it is offered the version), completed (every machine is), rolled back (its machines are offered
 * the version before).
 */
export const ROLLOUT_STATES = ['running', 'paused', 'completed', 'rolled-back'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/**
 * Whom a stage adds: a share of the machines by a stable hash of their number (`percent`: the share
 * reached by this stage, counting the earlier percent stages), chosen hospitals, or chosen machines.
 */
export const ROLLOUT_COHORTS = ['percent', 'hospitals', 'machines'] as const;
export type RolloutCohort = (typeof ROLLOUT_COHORTS)[number];

/** What a machine says of an update it was offered. */
export const UPDATE_STATES = ['downloading', 'installing', 'installed', 'failed'] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];

/**
 * What an alert rule watches (issue 50): a machine silent longer than its minutes, a slot reporting a
 * fault, an update failing, a refund waiting longer than its hours.
 */
export const ALERT_KINDS = ['machine-silent', 'slot-fault', 'update-failed', 'refund-waiting'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_LIMITS = {
  ruleName: 100,
  /** machine-silent: minutes; refund-waiting: hours. */
  threshold: { minimum: 1, maximum: 10_080 },
  ids: 1000,
  remark: 255,
} as const;

export const ROLLOUT_LIMITS = {
  stages: 10,
  /** Hospitals or machines named by one stage. */
  members: 1000,
  gateMinutes: { minimum: 1, maximum: 10_080 },
  reason: 500,
} as const;

export const APK_LIMITS = {
  appName: 100,
  packageName: 128,
  versionName: 64,
  releaseNotes: 2000,
  maxVersionCode: 2_147_483_647,
} as const;

/** A Java/Android package name: dot-separated identifiers. */
export const APK_PACKAGE_PATTERN = '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$';

/** apk.publishStatus (dictionary `apk_publish_status`). */
export const APK_PUBLISH_STATUS = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;
export type ApkPublishStatus = (typeof APK_PUBLISH_STATUS)[keyof typeof APK_PUBLISH_STATUS];

/** refund.reviewStatus (dictionary `refund_review_status`). */
export const REFUND_REVIEW_STATUS = { PENDING: 0, AGREED: 1, REJECTED: 2 } as const;
export type RefundReviewStatus = (typeof REFUND_REVIEW_STATUS)[keyof typeof REFUND_REVIEW_STATUS];

export const REFUND_LIMITS = {
  orderNo: 64,
  reviewRemark: 255,
  reason: 255,
  customerOpenId: 64,
  customerPhone: 20,
  /** The largest amount in cents (a million yuan): more is a typing error, not a cabinet rental. */
  maxAmount: 100_000_000,
} as const;
