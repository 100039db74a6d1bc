import type { Notice, NoticeInput, Page } from '@console/contract';
import { parseDateTime } from '../../../core/dates.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { parseIdList } from '../../../core/ids.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { sanitizeHtml } from '../../../core/sanitize-html.js';
import type { DictService } from '../../system/dict/dict.service.js';
import { NoticeRepository, noticeTable } from './notice.repository.js';

export class NoticeService {
  readonly #notices: NoticeRepository;

  constructor(
    private readonly store: Store,
    private readonly dicts: DictService,
  ) {
    this.#notices = new NoticeRepository(store);
  }

  list(actor: Actor, query: Record<string, unknown>): Promise<Page<Notice>> {
    return this.#notices.page(actor, parseListQuery(query, noticeTable, this.store.timeZone));
  }

  async detail(actor: Actor, id: string): Promise<Notice> {
    const notice = await this.#notices.findById(actor, id);
    if (!notice) throw notFound();
    return notice;
  }

  /**
   * Creates without an id, updates with one. The category is a key of the `notice` dictionary;
   * the content is cleaned by the allow-list of core/sanitize-html.ts before it is stored (S10).
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
    const values = {
      title: input.title.trim(),
      category: input.category,
      releaseTime: releaseTime as unknown as string | null,
      content: input.content ? sanitizeHtml(input.content) : null,
    };
    const id = input.id || undefined;
    if (id === undefined)
      return (await this.#notices.findById(actor, await this.#notices.insert(actor, values)))!;
    if (!(await this.#notices.update(actor, id, values))) throw notFound();
    return (await this.#notices.findById(actor, id))!;
  }

  /** Removes all of the ids or none: an id that is not there answers 404 and changes nothing. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = parseIdList(rawIds);
    if (!ids) throw badRequest('ids.invalid');
    return inTransaction(this.store, async (tx) => {
      const removed = await new NoticeRepository(tx).softDelete(actor, ids);
      if (removed !== ids.length) throw notFound();
      return removed;
    });
  }
}
