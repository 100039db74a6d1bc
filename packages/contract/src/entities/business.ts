import { Type, type Static } from 'typebox';
import {
  APK_LIMITS,
  APK_PACKAGE_PATTERN,
  ALERT_LIMITS,
  COMMAND_LIMITS,
  ROLLOUT_LIMITS,
  HOSPITAL_LIMITS,
  MACHINE_LIMITS,
  MACHINE_NO_PATTERN,
  REFUND_LIMITS,
  SLOT_LIMITS,
} from '../business.js';
import {
  AuditFieldsSchema,
  ID_PATTERN,
  IdArray,
  IdString,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

// The business records (shared/design/business-domain.md), API prefix /api/zxgxg-api/.

const S = () => Nullable(Type.String());
const I = () => Nullable(Type.Integer());

/** A decimal coordinate as text ("116.397128"): kept exact, never a float. */
const Coordinate = (label: string, limit: number) =>
  Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Literal(''),
      Type.String({
        maxLength: HOSPITAL_LIMITS.coordinate,
        pattern: `^-?(?:${limit === 180 ? '1[0-7]\\d|\\d{1,2}' : '[1-8]?\\d'})(?:\\.\\d{1,8})?$|^-?${limit}(?:\\.0{1,8})?$`,
        'x-label': label,
      }),
    ]),
  );

const MachineNo = (label = 'machine.machineNo', required = 'machine.machineNo.required') =>
  Type.String({
    minLength: 1,
    maxLength: MACHINE_LIMITS.machineNo,
    pattern: MACHINE_NO_PATTERN,
    'x-label': label,
    'x-required': required,
  });

// ---------------------------------------------------------------------------------------------
// Hospitals

export const HospitalSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  hospitalCode: Type.String(),
  hospitalName: Type.String(),
  level: I(),
  regionCode: S(),
  /** The region's names, from the region module (read only). */
  provinceName: S(),
  cityName: S(),
  districtName: S(),
  address: S(),
  contactName: S(),
  contactPhone: S(),
  /** The user of the tenant who repairs its machines (issue 51): a repair order goes to them. */
  maintainerId: S(),
  /** The maintainer's name (read only). */
  maintainerName: S(),
  longitude: S(),
  latitude: S(),
  remark: S(),
});
export type Hospital = Static<typeof HospitalSchema>;

export const HospitalInputSchema = Type.Object(
  {
    id: SubmitId,
    hospitalCode: RequiredText(HOSPITAL_LIMITS.hospitalCode, {
      label: 'hospital.hospitalCode',
      required: 'hospital.hospitalCode.required',
    }),
    hospitalName: RequiredText(HOSPITAL_LIMITS.hospitalName, {
      label: 'hospital.hospitalName',
      required: 'hospital.hospitalName.required',
    }),
    level: Type.Optional(
      Nullable(IntegerField({ label: 'hospital.level' }, { minimum: 1, maximum: HOSPITAL_LIMITS.maxLevel })),
    ),
    regionCode: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Literal(''),
        Type.String({ pattern: '^\\d{2,12}$', 'x-label': 'hospital.regionCode' }),
      ]),
    ),
    address: OptionalText(HOSPITAL_LIMITS.address, { label: 'hospital.address' }),
    contactName: OptionalText(HOSPITAL_LIMITS.contactName, { label: 'hospital.contactName' }),
    contactPhone: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Literal(''),
        Type.String({ pattern: '^[0-9+() -]{3,20}$', 'x-label': 'hospital.contactPhone' }),
      ]),
    ),
    // Absent: unchanged (an import whose sheet names none); null or empty: none.
    maintainerId: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Literal(''),
        Type.String({ pattern: ID_PATTERN, 'x-label': 'hospital.maintainerId' }),
      ]),
    ),
    longitude: Coordinate('hospital.longitude', 180),
    latitude: Coordinate('hospital.latitude', 90),
    remark: OptionalText(HOSPITAL_LIMITS.remark, { label: 'hospital.remark' }),
  },
  // The console sends the record back whole (names, audit fields): what is not listed is ignored.
  { additionalProperties: true },
);
export type HospitalInput = Static<typeof HospitalInputSchema>;

// ---------------------------------------------------------------------------------------------
// Machines and slots

export const MachineSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  machineNo: Type.String(),
  machineName: Type.String(),
  hospitalId: S(),
  hospitalName: S(),
  location: S(),
  model: I(),
  slotCount: Type.Integer(),
  /**
   * 1 online: heard from (a heartbeat, or an MQTT connection) within the configured window, and its
   * MQTT connection has not ended since (computed when read).
   */
  onlineStatus: Type.Integer(),
  /** While online: since when (it connected, or beat after a silence). */
  onlineSince: S(),
  /** While offline: since when (its connection ended, or its last heartbeat's window ran out); null if never heard from. */
  offlineSince: S(),
  runStatus: Type.Integer(),
  lastHeartbeatTime: S(),
  apkPackageName: S(),
  apkVersionCode: I(),
  wxOpenId: S(),
  wxNickname: S(),
  wxBindTime: S(),
  remark: S(),
  /** The device secret, only in the answer that created or rotated it (shown once, stored hashed). */
  deviceSecret: Type.Optional(Type.String()),
  /** 1 while a repair order of the machine runs (issue 51; computed in the list, absent elsewhere). */
  underRepair: Type.Optional(Type.Integer()),
});
export type Machine = Static<typeof MachineSchema>;

export const MachineInputSchema = Type.Object(
  {
    id: SubmitId,
    machineNo: MachineNo(),
    machineName: RequiredText(MACHINE_LIMITS.machineName, {
      label: 'machine.machineName',
      required: 'machine.machineName.required',
    }),
    hospitalId: Type.String({
      pattern: ID_PATTERN,
      'x-label': 'machine.hospitalId',
      'x-required': 'machine.hospitalId.required',
    }),
    location: OptionalText(MACHINE_LIMITS.location, { label: 'machine.location' }),
    model: Type.Optional(
      Nullable(IntegerField({ label: 'machine.model' }, { minimum: 1, maximum: MACHINE_LIMITS.maxModel })),
    ),
    slotCount: IntegerField(
      { label: 'machine.slotCount', required: 'machine.slotCount.required' },
      { minimum: 1, maximum: MACHINE_LIMITS.maxSlotCount },
    ),
    runStatus: Type.Optional(IntegerField({ label: 'machine.runStatus' }, { minimum: 0, maximum: 3 })),
    remark: OptionalText(MACHINE_LIMITS.remark, { label: 'machine.remark' }),
  },
  { additionalProperties: true },
);
export type MachineInput = Static<typeof MachineInputSchema>;

/**
 * machine/repair (issue 51): 报修 from the machine page. Starts the tenant's latest 设备报修 process
 * (machine_repair) for the machine, assigned to the maintainer; its end clears the slot's fault.
 */
export const MachineRepairInputSchema = Type.Object(
  {
    machineId: Type.String({
      pattern: ID_PATTERN,
      'x-label': 'machine.repair.machineId',
      'x-required': 'machine.repair.machineId.required',
    }),
    /** The slot at fault, by number (none: the machine itself). */
    slotNo: Type.Optional(
      Nullable(
        IntegerField(
          { label: 'machine.repair.slotNo' },
          { minimum: 1, maximum: MACHINE_LIMITS.maxSlotCount },
        ),
      ),
    ),
    fault: RequiredText(MACHINE_LIMITS.repairFault, {
      label: 'machine.repair.fault',
      required: 'machine.repair.fault.required',
    }),
    /** Attachment ids (the designed form's attachment field). */
    photos: Type.Optional(
      Type.Array(Type.String({ pattern: ID_PATTERN, 'x-label': 'machine.repair.photos' }), {
        maxItems: MACHINE_LIMITS.repairPhotos,
        'x-label': 'machine.repair.photos',
      }),
    ),
    maintainerId: Type.String({
      pattern: ID_PATTERN,
      'x-label': 'machine.repair.maintainerId',
      'x-required': 'machine.repair.maintainerId.required',
    }),
  },
  { additionalProperties: false },
);
export type MachineRepairInput = Static<typeof MachineRepairInputSchema>;

/** machine/repair-form: what the 报修 dialog starts from (the machine's slots, its hospital's maintainer). */
export const MachineRepairFormSchema = Type.Object({
  machineId: Type.String(),
  machineNo: Type.String(),
  machineName: Type.String(),
  /** The hospital's maintainer, when it has one: the dialog's first choice. */
  maintainerId: S(),
  /** The machine's slots by number, with their states (the one at fault is chosen among them). */
  slots: Type.Array(Type.Object({ slotNo: Type.Integer(), status: Type.Integer() })),
});
export type MachineRepairForm = Static<typeof MachineRepairFormSchema>;

/** machine/repair's answer: the repair order's process instance. */
export const MachineRepairStartedSchema = Type.Object({ processInstanceId: Type.String() });
export type MachineRepairStarted = Static<typeof MachineRepairStartedSchema>;

/** machine/bindWxAccount (query parameters): both empty unbinds. */
export const BindWxQuery = Type.Object({
  id: IdString,
  wxOpenId: Type.Optional(Type.String({ maxLength: MACHINE_LIMITS.wxOpenId, 'x-label': 'machine.wxOpenId' })),
  wxNickname: Type.Optional(
    Type.String({ maxLength: MACHINE_LIMITS.wxNickname, 'x-label': 'machine.wxNickname' }),
  ),
});

export const SlotSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  machineId: Type.String(),
  machineNo: Type.String(),
  slotNo: Type.Integer(),
  status: Type.Integer(),
  remark: S(),
});
export type Slot = Static<typeof SlotSchema>;

/** slot/status: one state for the slots named. */
export const SlotStatusInputSchema = Type.Object(
  {
    slotIds: IdArray({ label: 'slot.slotIds', required: 'slot.slotIds.required' }, { minItems: 1 }),
    status: IntegerField(
      { label: 'slot.status', required: 'slot.status.required' },
      { minimum: 0, maximum: 4 },
    ),
    remark: OptionalText(SLOT_LIMITS.remark, { label: 'slot.remark' }),
  },
  { additionalProperties: false },
);
export type SlotStatusInput = Static<typeof SlotStatusInputSchema>;

/** Who holds a machine or a slot: `machine` grants cover every slot of the machine. */
export const SlotHolderSchema = Type.Object({
  userId: Type.String(),
  account: Type.String(),
  realName: S(),
  via: Type.Union([Type.Literal('machine'), Type.Literal('slot')]),
});
export type SlotHolder = Static<typeof SlotHolderSchema>;

/** grant-tree: the machine (a TreeNode) with its slots as children, each with its holders. */
export const GrantTreeSlotSchema = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  hasChildren: Type.Boolean(),
  slotNo: Type.Integer(),
  status: Type.Integer(),
  holders: Type.Array(SlotHolderSchema),
});
export const GrantTreeMachineSchema = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  hasChildren: Type.Boolean(),
  machineNo: Type.String(),
  holders: Type.Array(SlotHolderSchema),
  /** Only when the machine has slots the caller sees (as every tree: no empty `children`). */
  children: Type.Optional(Type.Array(GrantTreeSlotSchema)),
});
export type GrantTreeMachine = Static<typeof GrantTreeMachineSchema>;
export type GrantTreeSlot = Static<typeof GrantTreeSlotSchema>;

const MachineNoArray = Type.Array(MachineNo('slot.machineNos'), { maxItems: 1000 });

export const GrantMachineInputSchema = Type.Object(
  {
    userIds: IdArray({ label: 'slot.userIds', required: 'slot.userIds.required' }, { minItems: 1 }),
    machineNos: Type.Array(MachineNo('slot.machineNos'), {
      minItems: 1,
      maxItems: 1000,
      'x-label': 'slot.machineNos',
      'x-required': 'slot.machineNos.required',
    }),
  },
  { additionalProperties: false },
);
export const GrantSlotInputSchema = Type.Object(
  {
    userIds: IdArray({ label: 'slot.userIds', required: 'slot.userIds.required' }, { minItems: 1 }),
    slotIds: IdArray({ label: 'slot.slotIds', required: 'slot.slotIds.required' }, { minItems: 1 }),
  },
  { additionalProperties: false },
);
export const CancelGrantInputSchema = Type.Object(
  {
    userIds: IdArray({ label: 'slot.userIds', required: 'slot.userIds.required' }, { minItems: 1 }),
    machineNos: Type.Optional(MachineNoArray),
    slotIds: Type.Optional(IdArray({ label: 'slot.slotIds' })),
  },
  { additionalProperties: false },
);
export type GrantMachineInput = Static<typeof GrantMachineInputSchema>;
export type GrantSlotInput = Static<typeof GrantSlotInputSchema>;
export type CancelGrantInput = Static<typeof CancelGrantInputSchema>;

/** The answer of a grant or cancel call: how many grants were added or removed (0: nothing to do). */
export const GrantResultSchema = Type.Object({ changed: Type.Integer() });
export type GrantResult = Static<typeof GrantResultSchema>;

// ---------------------------------------------------------------------------------------------
// Apk releases

export const ApkSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  appName: Type.String(),
  packageName: Type.String(),
  versionName: Type.String(),
  versionCode: Type.Integer(),
  attachId: S(),
  fileUrl: S(),
  /** Bytes and md5 of the stored file, computed by the server. */
  fileSize: I(),
  md5: S(),
  forceUpdate: Type.Integer(),
  releaseNotes: S(),
  publishStatus: Type.Integer(),
  publishTime: S(),
});
export type Apk = Static<typeof ApkSchema>;

/** apk/update: creates (no id) or edits a version and sets its publish status. */
export const ApkInputSchema = Type.Object(
  {
    id: SubmitId,
    appName: RequiredText(APK_LIMITS.appName, { label: 'apk.appName', required: 'apk.appName.required' }),
    packageName: Type.String({
      minLength: 1,
      maxLength: APK_LIMITS.packageName,
      pattern: APK_PACKAGE_PATTERN,
      'x-label': 'apk.packageName',
      'x-required': 'apk.packageName.required',
    }),
    versionName: RequiredText(APK_LIMITS.versionName, {
      label: 'apk.versionName',
      required: 'apk.versionName.required',
    }),
    versionCode: IntegerField(
      { label: 'apk.versionCode', required: 'apk.versionCode.required' },
      { minimum: 1, maximum: APK_LIMITS.maxVersionCode },
    ),
    /** The uploaded file (oss put-file's attachId); md5 and size are read from its record. */
    attachId: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Literal(''),
        Type.String({ pattern: ID_PATTERN, 'x-label': 'apk.attachId' }),
      ]),
    ),
    forceUpdate: Type.Optional(IntegerField({ label: 'apk.forceUpdate' }, { minimum: 0, maximum: 1 })),
    releaseNotes: OptionalText(APK_LIMITS.releaseNotes, { label: 'apk.releaseNotes' }),
    publishStatus: Type.Optional(IntegerField({ label: 'apk.publishStatus' }, { minimum: 0, maximum: 2 })),
  },
  { additionalProperties: true },
);
export type ApkInput = Static<typeof ApkInputSchema>;

// ---------------------------------------------------------------------------------------------
// Refund reviews

export const RefundReviewSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  orderNo: Type.String(),
  machineNo: Type.String(),
  slotNo: I(),
  hospitalId: S(),
  hospitalName: S(),
  customerOpenId: S(),
  /** Masked in lists (138****5678); whole in the detail. */
  customerPhone: S(),
  /** Cents. */
  orderAmount: Type.Integer(),
  refundAmount: Type.Integer(),
  reason: S(),
  applyTime: S(),
  reviewStatus: Type.Integer(),
  reviewerId: S(),
  reviewerName: S(),
  reviewTime: S(),
  reviewRemark: S(),
});
export type RefundReview = Static<typeof RefundReviewSchema>;

export const RefundDecisionQuery = Type.Object({ id: IdString });
export const RefundRejectQuery = Type.Object({
  id: IdString,
  remark: Type.String({
    minLength: 1,
    maxLength: REFUND_LIMITS.reviewRemark,
    pattern: '\\S',
    'x-label': 'refund.reviewRemark',
    'x-required': 'refund.reviewRemark.required',
  }),
});

// ---------------------------------------------------------------------------------------------
// The device API (docs/device-api.md): machines call it with their own secret.

/** A command to a machine (zx_machine_command; issue 50). */
export const MachineCommandSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  machineId: Type.String(),
  machineNo: Type.String(),
  kind: Type.Union([
    Type.Literal('open-slot'),
    Type.Literal('reboot'),
    Type.Literal('check-update'),
    Type.Literal('reload-config'),
  ]),
  /** The kind's parameters: open-slot's `{"slotNo": n}`; `{}` for the others. */
  params: Type.Record(Type.String(), Type.Unknown()),
  state: Type.Union([
    Type.Literal('created'),
    Type.Literal('sent'),
    Type.Literal('acknowledged'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('timed-out'),
  ]),
  /** The machine's reason, when it failed (or what it said when it succeeded). */
  reason: S(),
  /** The caller's id of the command: the same id sent again is the same command (idempotent). */
  requestId: Type.String(),
  createUser: S(),
  createUserName: S(),
  createTime: Type.String(),
  sentTime: S(),
  ackTime: S(),
  endTime: S(),
  /** When it times out if it has not ended. */
  timeoutTime: Type.String(),
});
export type MachineCommand = Static<typeof MachineCommandSchema>;

/** POST machine/command: what to tell which machine, under the caller's id for the command. */
export const MachineCommandInputSchema = Type.Object(
  {
    machineId: Type.String({ pattern: '^[0-9]{1,19}$' }),
    kind: Type.Union([
      Type.Literal('open-slot'),
      Type.Literal('reboot'),
      Type.Literal('check-update'),
      Type.Literal('reload-config'),
    ]),
    params: Type.Optional(
      Type.Object(
        { slotNo: Type.Optional(Type.Integer({ minimum: 1, maximum: MACHINE_LIMITS.maxSlotCount })) },
        { additionalProperties: false },
      ),
    ),
    requestId: Type.String({
      minLength: 1,
      maxLength: COMMAND_LIMITS.requestId,
      pattern: '^[A-Za-z0-9_-]+$',
    }),
  },
  { additionalProperties: false },
);
export type MachineCommandInput = Static<typeof MachineCommandInputSchema>;

/** A command as the machine receives it (MQTT `command`, or the heartbeat's answer). */
export const DeviceCommandSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
  /** After this (server time), the command no longer counts. */
  expiresAt: Type.String(),
});
export type DeviceCommand = Static<typeof DeviceCommandSchema>;

/** A machine's word on a command (MQTT `command-result`, or POST device/command-result). */
export const CommandResultInputSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[0-9]{1,19}$' }),
    state: Type.Union([Type.Literal('acknowledged'), Type.Literal('succeeded'), Type.Literal('failed')]),
    reason: Type.Optional(Type.String({ maxLength: COMMAND_LIMITS.reason })),
  },
  { additionalProperties: false },
);
export type CommandResultInput = Static<typeof CommandResultInputSchema>;

export const HeartbeatInputSchema = Type.Object(
  {
    apkPackageName: Type.Optional(
      Type.String({
        maxLength: APK_LIMITS.packageName,
        pattern: APK_PACKAGE_PATTERN,
        'x-label': 'apk.packageName',
      }),
    ),
    apkVersionCode: Type.Optional(
      IntegerField({ label: 'apk.versionCode' }, { minimum: 0, maximum: APK_LIMITS.maxVersionCode }),
    ),
    slots: Type.Optional(
      Type.Array(
        Type.Object({
          slotNo: IntegerField(
            { label: 'slot.slotNo' },
            { minimum: 1, maximum: MACHINE_LIMITS.maxSlotCount },
          ),
          status: IntegerField({ label: 'slot.status' }, { minimum: 0, maximum: 4 }),
        }),
        { maxItems: MACHINE_LIMITS.maxSlotCount },
      ),
    ),
  },
  { additionalProperties: false },
);
export type HeartbeatInput = Static<typeof HeartbeatInputSchema>;

export const ApkUpdateSchema = Type.Object({
  packageName: Type.String(),
  versionCode: Type.Integer(),
  versionName: Type.String(),
  fileUrl: S(),
  fileSize: I(),
  md5: S(),
  forceUpdate: Type.Integer(),
  releaseNotes: S(),
  /** True when a staged update was rolled back: install this version, older than the one running. */
  rollback: Type.Optional(Type.Boolean()),
});
export const HeartbeatAnswerSchema = Type.Object({
  serverTime: Type.String(),
  /** The newest published version of the machine's package when it is newer than the one running. */
  update: Nullable(ApkUpdateSchema),
  /** Commands waiting for the machine (an HTTP-only machine receives them here). */
  commands: Type.Array(DeviceCommandSchema),
});
export type HeartbeatAnswer = Static<typeof HeartbeatAnswerSchema>;

/** One stage of a staged update: whom it adds, and how it opens the next. */
export const RolloutStageSchema = Type.Object({
  cohort: Type.Union([Type.Literal('percent'), Type.Literal('hospitals'), Type.Literal('machines')]),
  /** percent: the share (1–100) reached by this stage. */
  percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** hospitals or machines: their ids. */
  ids: Type.Optional(
    Type.Array(Type.String({ pattern: '^[0-9]{1,19}$' }), { maxItems: ROLLOUT_LIMITS.members }),
  ),
  /** manual: 下一阶段 by hand; auto: after `gateMinutes`, while the failure rate stays at most `maxFailurePercent`. */
  gate: Type.Union([Type.Literal('manual'), Type.Literal('auto')]),
  gateMinutes: Type.Optional(Type.Integer(ROLLOUT_LIMITS.gateMinutes)),
  maxFailurePercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type RolloutStage = Static<typeof RolloutStageSchema>;

/** rollout/submit: a staged update of a published version. */
export const RolloutInputSchema = Type.Object(
  {
    apkId: Type.String({ pattern: '^[0-9]{1,19}$' }),
    stages: Type.Array(RolloutStageSchema, { minItems: 1, maxItems: ROLLOUT_LIMITS.stages }),
  },
  { additionalProperties: false },
);
export type RolloutInput = Static<typeof RolloutInputSchema>;

/** A stage as the rollout page shows it: its machines by what they said. */
export const RolloutStageViewSchema = Type.Object({
  ...RolloutStageSchema.properties,
  seq: Type.Integer(),
  /** When it opened (null: not yet). */
  startedTime: S(),
  /** Machines in it (not in an earlier stage). */
  machines: Type.Integer(),
  /** Of those, how many are at each state (offered: offered, nothing said yet). */
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type RolloutStageView = Static<typeof RolloutStageViewSchema>;

export const RolloutSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  apkId: Type.String(),
  packageName: Type.String(),
  versionCode: Type.Integer(),
  versionName: Type.String(),
  /** The version offered before it (and again after a rollback), if any. */
  previousApkId: S(),
  previousVersionName: S(),
  state: Type.Union([
    Type.Literal('running'),
    Type.Literal('paused'),
    Type.Literal('completed'),
    Type.Literal('rolled-back'),
  ]),
  /** The last stage opened (0 is the first). */
  currentStage: Type.Integer(),
  stages: Type.Array(RolloutStageViewSchema),
  /** The latest failures, with the machines' reasons. */
  failures: Type.Array(Type.Object({ machineNo: Type.String(), reason: S(), updateTime: Type.String() })),
  createUser: S(),
  createTime: S(),
  updateTime: S(),
});
export type Rollout = Static<typeof RolloutSchema>;

/** A machine's word on an update (MQTT `update`, or POST device/update-progress). */
export const UpdateProgressInputSchema = Type.Object(
  {
    packageName: Type.String({ maxLength: APK_LIMITS.packageName }),
    versionCode: Type.Integer({ minimum: 0 }),
    state: Type.Union([
      Type.Literal('downloading'),
      Type.Literal('installing'),
      Type.Literal('installed'),
      Type.Literal('failed'),
    ]),
    reason: Type.Optional(Type.String({ maxLength: ROLLOUT_LIMITS.reason })),
  },
  { additionalProperties: false },
);
export type UpdateProgressInput = Static<typeof UpdateProgressInputSchema>;

/** 设备总览 (issue 50): one hospital's machines and slots, as the caller sees them. */
export const FleetHospitalSchema = Type.Object({
  /** null: machines placed in no hospital. */
  hospitalId: S(),
  hospitalName: S(),
  machines: Type.Integer(),
  online: Type.Integer(),
  offline: Type.Integer(),
  /** Machines whose run status is fault. */
  fault: Type.Integer(),
  slots: Type.Integer(),
  slotsInUse: Type.Integer(),
  slotsFault: Type.Integer(),
});
export type FleetHospital = Static<typeof FleetHospitalSchema>;

const AlertKindSchema = Type.Union([
  Type.Literal('machine-silent'),
  Type.Literal('slot-fault'),
  Type.Literal('update-failed'),
  Type.Literal('refund-waiting'),
]);

/** An alert rule of a tenant (zx_alert_rule; issue 50). `status` 1: on, 0: off. */
export const AlertRuleSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  ruleName: Type.String(),
  kind: AlertKindSchema,
  /** machine-silent: minutes; refund-waiting: hours; the other kinds: none. */
  threshold: I(),
  /** Who is told: the users holding one of these roles (comma-joined ids). */
  roleIds: Type.String(),
  /** Of these hospitals only (comma-joined ids); null: every hospital. */
  hospitalIds: S(),
  /** 1: an SMS too, where the tenant has SMS settings. */
  sms: Type.Integer(),
  remark: S(),
});
export type AlertRule = Static<typeof AlertRuleSchema>;

export const AlertRuleInputSchema = Type.Object(
  {
    id: SubmitId,
    ruleName: RequiredText(ALERT_LIMITS.ruleName, {
      label: 'alert.ruleName',
      required: 'alert.ruleName.required',
    }),
    kind: AlertKindSchema,
    threshold: Type.Optional(Nullable(IntegerField({ label: 'alert.threshold' }, ALERT_LIMITS.threshold))),
    roleIds: RequiredText(ALERT_LIMITS.ids, { label: 'alert.roleIds', required: 'alert.roleIds.required' }),
    hospitalIds: OptionalText(ALERT_LIMITS.ids, { label: 'alert.hospitalIds' }),
    sms: Type.Optional(IntegerField({ label: 'alert.sms' }, { minimum: 0, maximum: 1 })),
    status: Type.Optional(IntegerField({ label: 'alert.status' }, { minimum: 0, maximum: 1 })),
    remark: OptionalText(ALERT_LIMITS.remark, { label: 'alert.remark' }),
  },
  { additionalProperties: false },
);
export type AlertRuleInput = Static<typeof AlertRuleInputSchema>;

/** An incident of a rule (zx_alert): open from when it was seen until it cleared. */
export const AlertSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  ruleId: Type.String(),
  ruleName: S(),
  kind: Type.String(),
  /** What it is about, as told: 机器 M001, M001 的 3 号格口, … */
  subject: Type.String(),
  hospitalId: S(),
  state: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  openedTime: Type.String(),
  closedTime: S(),
});
export type Alert = Static<typeof AlertSchema>;

/** A refund request from the machine's payment side: lands pending in refund review. */
export const RefundRequestInputSchema = Type.Object(
  {
    orderNo: RequiredText(REFUND_LIMITS.orderNo, {
      label: 'refund.orderNo',
      required: 'refund.orderNo.required',
    }),
    slotNo: Type.Optional(
      IntegerField({ label: 'slot.slotNo' }, { minimum: 1, maximum: MACHINE_LIMITS.maxSlotCount }),
    ),
    customerOpenId: OptionalText(REFUND_LIMITS.customerOpenId, { label: 'refund.customerOpenId' }),
    customerPhone: OptionalText(REFUND_LIMITS.customerPhone, { label: 'refund.customerPhone' }),
    orderAmount: IntegerField(
      { label: 'refund.orderAmount', required: 'refund.orderAmount.required' },
      { minimum: 1, maximum: REFUND_LIMITS.maxAmount },
    ),
    refundAmount: IntegerField(
      { label: 'refund.refundAmount', required: 'refund.refundAmount.required' },
      { minimum: 1, maximum: REFUND_LIMITS.maxAmount },
    ),
    reason: OptionalText(REFUND_LIMITS.reason, { label: 'refund.reason' }),
  },
  { additionalProperties: false },
);
export type RefundRequestInput = Static<typeof RefundRequestInputSchema>;

// ---------------------------------------------------------------------------------------------
// The home page's dashboard: the signed-in user's fleet (tenant and slot grants applied).

export const DashboardSchema = Type.Object({
  machines: Type.Object({
    total: Type.Integer(),
    online: Type.Integer(),
    offline: Type.Integer(),
    fault: Type.Integer(),
  }),
  slots: Type.Object({
    total: Type.Integer(),
    empty: Type.Integer(),
    stocked: Type.Integer(),
    inUse: Type.Integer(),
    fault: Type.Integer(),
    locked: Type.Integer(),
  }),
  refunds: Type.Object({ pending: Type.Integer(), pendingAmount: Type.Integer() }),
  /** The last 30 days, oldest first, one entry per day (days without decisions included). */
  refundsByDay: Type.Array(
    Type.Object({
      date: Type.String(),
      agreed: Type.Integer(),
      rejected: Type.Integer(),
      agreedAmount: Type.Integer(),
    }),
  ),
  /** Machines by the apk version they last reported, most machines first. */
  apkVersions: Type.Array(
    Type.Object({ packageName: S(), versionCode: I(), versionName: S(), machines: Type.Integer() }),
  ),
  generatedAt: Type.String(),
});
export type Dashboard = Static<typeof DashboardSchema>;
