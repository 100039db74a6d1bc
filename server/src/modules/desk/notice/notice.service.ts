import type { Notice, NoticeAudience, NoticeInput, TreeNode } from '@console/contract';
import { NoticeInputSchema } from '@console/contract/schema';
import { parseDateTime } from '../../../core/dates.js';
import { EntityService, inputValues } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { parseIdList } from '../../../core/ids.js';
import { inTransaction, whenCommitted, type Actor, type Store } from '../../../core/repository/store.js';
import { sanitizeHtml } from '../../../core/sanitize-html.js';
import { forest, toTreeNodes } from '../../../core/tree.js';
import type { MessageService } from '../message/message.service.js';
import type { DictService } from '../../system/dict/dict.service.js';
import { DeptRepository } from '../../system/dept/dept.repository.js';
import { RoleRepository } from '../../system/role/role.repository.js';
import { idList } from '../../user/user.repository.js';
import { NoticeRepository, noticeTable, type Audience } from './notice.repository.js';

/** What the audience's choices list: the tenant's roles, or its departments. */
export type AudienceChoices = 'roles' | 'depts';

export class NoticeService extends EntityService<Notice, NoticeInput, 'blade_notice', NoticeRepository> {
  constructor(
    store: Store,
    private readonly dicts: DictService,
    private readonly messages: MessageService,
  ) {
    super(store, noticeTable, (s) => new NoticeRepository(s));
  }

  /**
   * Creates without an id, updates with one. The category is a key of the `notice` dictionary;
   * the content is cleaned by the allow-list of core/sanitize-html.ts before it is stored (S10).
   *
   * Creating a notice publishes it (decision 0038): every user of the tenant sees it at once, and
   * once it has committed each user of its audience is sent it as a message. An update changes the
   * notice, not who it was sent to: the audience is kept as it was, and nothing is sent again.
   */
  async submit(actor: Actor, input: NoticeInput): Promise<Notice> {
    const categories = await this.dicts.dictionary(actor, 'notice');
    if (!categories.some((item) => item.dictKey === String(input.category)))
      throw badRequest('notice.category.invalid', { category: input.category });
    let releaseTime: Date | null = null;
    if (input.releaseTime) {
      const parsed = parseDateTime(input.releaseTime, this.store.timeZone);
      if (!parsed) throw badRequest('notice.releaseTime.invalid');
      releaseTime = parsed.instant;
    }
    const {
      audienceType: _type,
      audienceIds: _ids,
      ...values
    } = {
      ...inputValues(NoticeInputSchema, input),
      releaseTime: releaseTime as unknown as string | null,
      content: input.content ? sanitizeHtml(input.content) : null,
    };
    if (input.id) return this.save(this.repository, actor, input.id, values);
    return inTransaction(this.store, async (tx) => {
      const audience = await audienceOf(tx, actor, input);
      const notice = await this.save(this.repositoryOn(tx), actor, undefined, {
        ...values,
        audienceType: audience.audienceType,
        audienceIds: audience.ids.length > 0 ? audience.ids.join(',') : null,
      });
      await whenCommitted(tx, () => this.#publish(actor, notice, audience));
      return notice;
    });
  }

  /** `detail`: the notice, with the names of the roles or departments it was sent to. */
  override async detail(actor: Actor, id: string): Promise<Notice> {
    const notice = await super.detail(actor, id);
    const type = notice.audienceType ?? 'all';
    if (type === 'all') return { ...notice, audienceNames: null };
    const ids = idList(notice.audienceIds);
    const names = new Map(
      (await audienceRows(this.store, actor, type, ids)).map((row) => [row.id, row.name]),
    );
    // A role or department removed since is left out.
    const known = ids.flatMap((one) => names.get(one) ?? []);
    return { ...notice, audienceNames: known.join(',') };
  }

  /**
   * The choices of the form's audience: the tenant's roles or departments, as trees. Read here, for
   * the holders of the notice buttons, rather than through the role and department pages' reads.
   */
  async audienceChoices(actor: Actor, choices: AudienceChoices): Promise<TreeNode[]> {
    const all = { filters: [], orders: [] };
    if (choices === 'roles') {
      const roles = await new RoleRepository(this.store).listAll(actor, all);
      if (!roles) throw badRequest('list.tooLarge');
      return toTreeNodes(forest(roles), (role) => role.roleName);
    }
    const depts = await new DeptRepository(this.store).listAll(actor, all);
    if (!depts) throw badRequest('list.tooLarge');
    return toTreeNodes(forest(depts), (dept) => dept.deptName);
  }

  /** Sends a notice just published to each live, enabled user of its audience (kind notice). */
  async #publish(actor: Actor, notice: Notice, audience: Audience): Promise<void> {
    const recipients = await this.repository.audienceUserIds(actor, audience);
    await this.messages.send(actor, recipients, {
      kind: 'notice',
      title: notice.title,
      body: notice.content,
      // The console has no page of one notice to open.
      link: null,
    });
  }
}

/**
 * The audience of a new notice as the input names it: all (absent or null), or roles or
 * departments of the caller's tenant, at least one. A 400 otherwise, naming the ids that are not.
 */
async function audienceOf(tx: Store, actor: Actor, input: NoticeInput): Promise<Audience> {
  const audienceType = input.audienceType ?? 'all';
  if (audienceType === 'all') return { audienceType, ids: [] };
  const roles = audienceType === 'roles';
  const raw = input.audienceIds?.trim();
  if (!raw) throw badRequest(roles ? 'notice.audienceRoles.required' : 'notice.audienceDepts.required');
  const ids = parseIdList(raw);
  if (!ids) throw badRequest('notice.audienceIds.invalid');
  const found = await audienceRows(tx, actor, audienceType, ids);
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0)
    throw badRequest(roles ? 'notice.audienceRoles.unknown' : 'notice.audienceDepts.unknown', {
      ids: missing.join(','),
    });
  return { audienceType, ids };
}

/** The caller's tenant's live roles or departments among ids, with their names. */
async function audienceRows(
  store: Store,
  actor: Actor,
  type: Exclude<NoticeAudience, 'all'>,
  ids: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  if (type === 'roles')
    return (await new RoleRepository(store).findByIds(actor, ids)).map((r) => ({
      id: r.id,
      name: r.roleName,
    }));
  return (await new DeptRepository(store).findByIds(actor, ids)).map((d) => ({ id: d.id, name: d.deptName }));
}
