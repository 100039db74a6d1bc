import type { RefundReview } from '@console/contract';
import { isAdministratorActor, type Principal } from '../../../core/auth/principal.js';
import { translate } from '../../../core/i18n.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import type { MessageService } from '../../desk/message/message.service.js';
import type { MenuService } from '../../system/menu/menu.service.js';
import { RefundReviewerRepository, type CandidateRole } from './refund-reviewers.repository.js';
import { RefundRepository } from './refund.repository.js';

/** The buttons that decide a refund (refund.routes.ts): holding either makes a reviewer. */
const REVIEW_BUTTONS = ['refund_agree', 'refund_reject'] as const;
/** At most this many users hear of one refund request: the lowest user ids among its reviewers. */
export const MAX_REFUND_RECIPIENTS = 500;
/** At most this many holders of a reviewing role are looked at, a hundred per statement. */
const MAX_EXAMINED = 2000;
const EXAMINED_PER_QUERY = 100;
/** The 退款审核 page (db/seed/menus.ts). */
const REFUND_PAGE = '/business/refund/index';

/**
 * Refund requests' messages (issue 47): once a request has committed, the users of its tenant who
 * may review it hear of it (退款待审核, linking 退款审核). A reviewer is a live, enabled user who
 * - holds a role that gives `refund_agree` or `refund_reject` within the tenant's package, as the
 *   guard decides (MenuService.allowedCodes, asked per role: a user holds a button when one of their
 *   roles gives it), or holds an administrator's role (alias admin; the platform's administrator in
 *   000000);
 * - and sees the refund: its machine or slot is granted to them, or they see the whole tenant
 *   (administrators), as RefundRepository reads it for them (refundGrantScope).
 * At most MAX_REFUND_RECIPIENTS are told. Written in Chinese, the console's first language, as the
 * workflow's messages are.
 */
export class RefundMessages {
  constructor(
    /** The main database, where the users and roles are. */
    private readonly store: Store,
    private readonly menus: Pick<MenuService, 'allowedCodes'>,
    private readonly messages: Pick<MessageService, 'send'>,
  ) {}

  /** Tells the refund's reviewers of it, in the name of whoever asked (a machine: the server). */
  async requested(sender: Actor, tenantStore: Store, refund: RefundReview): Promise<void> {
    const reviewers = await this.reviewers(tenantStore, refund);
    const amount = yuan(refund.refundAmount);
    const reason = refund.reason ? translate('zh', 'refund.message.reason', { reason: refund.reason }) : '';
    await this.messages.send(sender, reviewers, {
      kind: 'refund',
      title: refund.hospitalName
        ? translate('zh', 'refund.message.requested', {
            hospital: refund.hospitalName,
            machineNo: refund.machineNo,
            amount,
          })
        : translate('zh', 'refund.message.requestedAtMachine', { machineNo: refund.machineNo, amount }),
      body:
        translate('zh', 'refund.message.body', {
          orderNo: refund.orderNo,
          orderAmount: yuan(refund.orderAmount),
          amount,
        }) + reason,
      link: REFUND_PAGE,
    });
  }

  /** Reminds the refund's reviewers that it has waited longer than `hours` (the reminder job). */
  async waiting(sender: Actor, tenantStore: Store, refund: RefundReview, hours: number): Promise<number> {
    const reviewers = await this.reviewers(tenantStore, refund);
    await this.messages.send(sender, reviewers, {
      kind: 'refund',
      title: translate('zh', 'refund.message.waiting', {
        hours,
        machineNo: refund.machineNo,
        amount: yuan(refund.refundAmount),
      }),
      body: translate('zh', 'refund.message.body', {
        orderNo: refund.orderNo,
        orderAmount: yuan(refund.orderAmount),
        amount: yuan(refund.refundAmount),
      }),
      link: REFUND_PAGE,
    });
    return reviewers.length;
  }

  /** The user ids of those who may review the refund (see the class), at most MAX_REFUND_RECIPIENTS. */
  async reviewers(tenantStore: Store, refund: Pick<RefundReview, 'id' | 'tenantId'>): Promise<string[]> {
    const { tenantId } = refund;
    const candidates = new RefundReviewerRepository(this.store);
    const roles = await candidates.rolesOf(tenantId, REVIEW_BUTTONS);
    const reviewing: string[] = [];
    for (const role of roles) if (await this.#reviews(tenantId, role)) reviewing.push(role.id);
    const holders = await candidates.holders(tenantId, reviewing, MAX_EXAMINED);

    // Each holder as the reads see them: the roles their record names that exist, with those
    // roles' stored aliases (as the guard's principal has them).
    const aliasOf = new Map(roles.map((role) => [role.id, role.alias]));
    const actors: Actor[] = holders.map((holder) => {
      const held = holder.roleIds.filter((id) => aliasOf.has(id));
      return {
        tenantId,
        userId: holder.userId,
        deptId: holder.deptId,
        roleIds: held,
        roleAliases: held.map((id) => aliasOf.get(id)!),
      };
    });
    const refunds = new RefundRepository(tenantStore);
    const seeing: string[] = [];
    for (
      let from = 0;
      from < actors.length && seeing.length < MAX_REFUND_RECIPIENTS;
      from += EXAMINED_PER_QUERY
    )
      seeing.push(...(await refunds.seenBy(actors.slice(from, from + EXAMINED_PER_QUERY), refund.id)));
    return seeing.slice(0, MAX_REFUND_RECIPIENTS);
  }

  /**
   * Whether a role makes its holders reviewers: an administrator's role, or one granted a review
   * button that the tenant's package allows (MenuService, the one rule of who holds which button).
   */
  async #reviews(tenantId: string, role: CandidateRole): Promise<boolean> {
    if (isAdministratorActor({ tenantId, roleAliases: [role.alias] })) return true;
    if (!role.grantsButton) return false;
    const codes = await this.menus.allowedCodes(holderOf(tenantId, role));
    return REVIEW_BUTTONS.some((code) => codes.has(code));
  }
}

/**
 * A holder of one role as the menu rules see one: MenuService reads the tenant and the role (the
 * session fields are not read). Role by role answers as for the user: a user holds a button when
 * one of their roles gives it within the package (MenuService.allowedMenuIds takes the union).
 */
function holderOf(tenantId: string, role: CandidateRole): Principal {
  return {
    tenantId,
    userId: '',
    deptId: null,
    account: '',
    roleIds: [role.id],
    roleAliases: [role.alias],
    clientId: '',
    jti: '',
    expiresAt: 0,
    sessionId: '',
  };
}

/** Cents as yuan with two decimals: 1234 → ¥12.34 (whole cents, no fractional float). */
export function yuan(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  return `${cents < 0 ? '-' : ''}¥${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
