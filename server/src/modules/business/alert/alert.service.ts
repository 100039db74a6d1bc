import type { Alert, AlertRule, AlertRuleInput, Page } from '@console/contract';
import { TenantEntityService, found } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import type { EventHub } from '../../../core/events/event-hub.js';
import { translate } from '../../../core/i18n.js';
import { parseIdList } from '../../../core/ids.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import type { MessageService } from '../../desk/message/message.service.js';
import type { SmsService } from '../../resource/sms/sms.service.js';
import { RoleRepository } from '../../system/role/role.repository.js';
import { UserRepository } from '../../user/user.repository.js';
import { HospitalRepository } from '../hospital/hospital.repository.js';
import { MachineRepository } from '../machine/machine.repository.js';
import { OperatorSms } from '../operator-sms.js';
import { RefundRepository } from '../refund/refund.repository.js';
import { RolloutRepository } from '../rollout/rollout.repository.js';
import { SlotRepository } from '../slot/slot.repository.js';
import {
  AlertRepository,
  AlertRuleRepository,
  alertRuleTable,
  alertTable,
  type Firing,
} from './alert.repository.js';

// Alerts (issue 50, 告警中心): a tenant's rules, and a sweep (the platform's 告警巡检 job, each minute)
// that looks at what each rule watches — machines silent longer than its minutes, slots at fault,
// staged updates that failed, refunds waiting longer than its hours — within its hospitals. A subject
// seen anew opens one incident and tells the users holding the rule's roles (a message, pushed; an SMS
// too where the rule asks and the tenant has SMS settings); it is told once, not at every sweep. When
// the subject clears, the incident closes and they are told it recovered.

/** Subjects looked at per rule and sweep (the oldest first). */
const PER_RULE = 1000;

const THRESHOLD_KINDS: ReadonlyArray<AlertRule['kind']> = ['machine-silent', 'refund-waiting'];

/** Where a message about a subject of the kind leads. */
const PAGE_OF: Record<AlertRule['kind'], string> = {
  'machine-silent': '/business/machine/index',
  'slot-fault': '/business/slot/index',
  'update-failed': '/business/rollout/index',
  'refund-waiting': '/business/refund/index',
};

export class AlertRuleService extends TenantEntityService<
  AlertRule,
  AlertRuleInput,
  'zx_alert_rule',
  AlertRuleRepository
> {
  constructor(stores: TenantStores) {
    super(stores, alertRuleTable, (s) => new AlertRuleRepository(s));
  }

  /** A rule: its threshold where its kind has one, roles and hospitals of the tenant. */
  async submit(actor: Actor, input: AlertRuleInput): Promise<AlertRule> {
    const threshold = input.threshold ?? null;
    if (THRESHOLD_KINDS.includes(input.kind) && threshold === null)
      throw badRequest('alert.threshold.required', { kind: input.kind });
    const roleIds = parseIdList(input.roleIds);
    if (!roleIds || roleIds.length === 0) throw badRequest('alert.roleIds.invalid');
    const roles = await new RoleRepository(this.stores.main).findMany({ ...actor, roleIds: [] }, roleIds);
    if (roles.length !== new Set(roleIds).size) throw badRequest('alert.roleIds.invalid');
    const hospitalText = input.hospitalIds?.trim() || null;
    const hospitalIds = hospitalText === null ? null : parseIdList(hospitalText);
    if (hospitalIds === undefined) throw badRequest('alert.hospitalIds.invalid');
    const store = await this.storeFor(actor);
    if (
      hospitalIds &&
      (await new HospitalRepository(store).findByIds(actor, hospitalIds)).length !== new Set(hospitalIds).size
    )
      throw badRequest('alert.hospitalIds.invalid');
    const id = input.id || undefined;
    return inTransaction(store, async (tx) => {
      const rules = this.repositoryOn(tx);
      if (id !== undefined) found(await rules.findById(actor, id));
      return this.save(rules, actor, id, {
        ruleName: input.ruleName.trim(),
        kind: input.kind,
        threshold: THRESHOLD_KINDS.includes(input.kind) ? threshold : null,
        roleIds: roleIds.join(','),
        hospitalIds: hospitalIds?.join(',') ?? null,
        sms: input.sms ?? 0,
        status: input.status ?? 1,
        remark: input.remark?.trim() || null,
      });
    });
  }

  /** The tenant's incidents (filters: ruleId, kind, state open|closed, openedTime), newest first. */
  async alerts(actor: Actor, query: Record<string, unknown>): Promise<Page<Alert>> {
    const { state, ...rest } = query;
    const wanted = state === 'open' || state === 'closed' ? state : undefined;
    if (state !== undefined && state !== '' && wanted === undefined) throw badRequest('alert.state.invalid');
    const store = await this.storeFor(actor);
    const page = await new AlertRepository(store).page(
      actor.tenantId,
      parseListQuery({ descs: 'id', ...rest }, alertTable, this.timeZone),
      wanted,
    );
    const rules = await new AlertRuleRepository(store).findByIds(actor, [
      ...new Set(page.records.map((a) => a.ruleId)),
    ]);
    const names = new Map(rules.map((rule) => [rule.id, rule.ruleName]));
    return {
      ...page,
      records: page.records.map((alert) => ({ ...alert, ruleName: names.get(alert.ruleId) ?? null })),
    };
  }
}

/** The sweep: every enabled tenant's rules, each minute (the 告警巡检 job). */
export class AlertSweep {
  constructor(
    private readonly stores: TenantStores,
    private readonly offlineSeconds: number,
    private readonly messages: Pick<MessageService, 'send'>,
    private readonly sms: Pick<SmsService, 'send'>,
    /** The tenant's open consoles read the incidents again when some opened or closed. */
    private readonly events: Pick<EventHub, 'changed'>,
  ) {}

  /** Sweeps the tenants (all of them, or those named); answers what it did, for the run's output. */
  async sweep(tenantIds: readonly string[], signal: AbortSignal): Promise<string> {
    let opened = 0;
    let closed = 0;
    for (const tenantId of tenantIds) {
      if (signal.aborted) break;
      const done = await this.sweepTenant(tenantId);
      opened += done.opened;
      closed += done.closed;
    }
    return `tenants ${tenantIds.length}, opened ${opened}, recovered ${closed}`;
  }

  async sweepTenant(tenantId: string): Promise<{ opened: number; closed: number }> {
    const store = await this.stores.storeFor(tenantId);
    const actor: Actor = { tenantId, userId: null, deptId: null };
    const rules = await new AlertRuleRepository(store).enabled(tenantId);
    const incidents = new AlertRepository(store);
    let opened = 0;
    let closed = 0;
    for (const rule of rules) {
      const now = new Date();
      const firing = await this.#firing(store, actor, rule);
      const open = await incidents.open(tenantId, rule.id);
      const fresh: Firing[] = [];
      for (const subject of firing.values())
        if (
          !open.has(subject.key) &&
          (await incidents.openIncident(tenantId, rule.id, rule.kind, subject, now))
        )
          fresh.push(subject);
      const recovered: string[] = [];
      for (const [key, incident] of open)
        if (!firing.has(key) && (await incidents.close(tenantId, incident.id, now)))
          recovered.push(incident.subject);
      await this.#tell(
        actor,
        rule,
        fresh.map((f) => f.subject),
        recovered,
      );
      opened += fresh.length;
      closed += recovered.length;
    }
    if (opened + closed > 0) await this.events.changed(tenantId, 'alert');
    return { opened, closed };
  }

  /** What the rule sees now, by subject key, within its hospitals. */
  async #firing(store: Store, actor: Actor, rule: AlertRule): Promise<Map<string, Firing>> {
    const machines = new MachineRepository(store, this.offlineSeconds);
    const hospitalOf = await machines.hospitalsOf(actor);
    const subjects: Firing[] = [];
    switch (rule.kind) {
      case 'machine-silent': {
        const before = new Date(Date.now() - (rule.threshold ?? 0) * 60_000);
        for (const m of await machines.silentSince(actor, before, PER_RULE))
          subjects.push({ key: `machine:${m.id}`, subject: `机器 ${m.machineNo}`, hospitalId: m.hospitalId });
        break;
      }
      case 'slot-fault':
        for (const slot of await new SlotRepository(store).atFault(actor.tenantId, PER_RULE))
          subjects.push({
            key: `slot:${slot.id}`,
            subject: `机器 ${slot.machineNo} 的 ${slot.slotNo} 号格口故障`,
            hospitalId: hospitalOf.get(slot.machineId) ?? null,
          });
        break;
      case 'update-failed':
        for (const failed of await new RolloutRepository(store).failing(actor.tenantId, PER_RULE))
          subjects.push({
            key: `update:${failed.rolloutId}:${failed.machineId}`,
            subject: `机器 ${failed.machineNo} 升级失败${failed.reason ? `：${failed.reason}` : ''}`,
            hospitalId: hospitalOf.get(failed.machineId) ?? null,
          });
        break;
      case 'refund-waiting': {
        const before = new Date(Date.now() - (rule.threshold ?? 0) * 3_600_000);
        for (const refund of await new RefundRepository(store).waitingSince(actor, before, PER_RULE))
          subjects.push({
            key: `refund:${refund.id}`,
            subject: `退款 ${refund.orderNo} 待审核`,
            hospitalId: refund.hospitalId,
          });
        break;
      }
    }
    const hospitals = rule.hospitalIds ? new Set(rule.hospitalIds.split(',')) : null;
    return new Map(
      subjects
        .filter((s) => hospitals === null || (s.hospitalId !== null && hospitals.has(s.hospitalId)))
        .map((s) => [s.key, s]),
    );
  }

  /** Tells the rule's people of the new incidents and the recovered ones: a message each, and an SMS. */
  async #tell(actor: Actor, rule: AlertRule, opened: string[], recovered: string[]): Promise<void> {
    if (opened.length === 0 && recovered.length === 0) return;
    const users = await new UserRepository(this.stores.main).holdersOfRoles(
      actor.tenantId,
      rule.roleIds.split(','),
    );
    if (users.length === 0) return;
    const kind = rule.kind === 'refund-waiting' ? 'refund' : 'machine';
    const link = PAGE_OF[rule.kind];
    const sms = rule.sms === 1 ? new OperatorSms(this.sms, new UserRepository(this.stores.main)) : undefined;
    for (const subject of opened) {
      await this.messages.send(actor, users, {
        kind,
        title: translate('zh', 'alert.message.opened', { subject }),
        body: translate('zh', 'alert.message.body', { rule: rule.ruleName, subject }),
        link,
      });
      await sms?.add(actor, users, subject);
    }
    for (const subject of recovered)
      await this.messages.send(actor, users, {
        kind,
        title: translate('zh', 'alert.message.recovered', { subject }),
        body: translate('zh', 'alert.message.body', { rule: rule.ruleName, subject }),
        link,
      });
    if (sms?.any) await sms.send(actor, { rule: rule.ruleName });
  }
}
