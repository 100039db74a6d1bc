import type { Notice, NoticeInput } from '@console/contract';
import { NoticeInputSchema } from '@console/contract/schema';
import { parseDateTime } from '../../../core/dates.js';
import { EntityService, inputValues } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { sanitizeHtml } from '../../../core/sanitize-html.js';
import type { DictService } from '../../system/dict/dict.service.js';
import { NoticeRepository, noticeTable } from './notice.repository.js';

export class NoticeService extends EntityService<Notice, NoticeInput, 'blade_notice', NoticeRepository> {
  constructor(
    store: Store,
    private readonly dicts: DictService,
  ) {
    super(store, noticeTable, (s) => new NoticeRepository(s));
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
      ...inputValues(NoticeInputSchema, input),
      releaseTime: releaseTime as unknown as string | null,
      content: input.content ? sanitizeHtml(input.content) : null,
    };
    return this.save(this.repository, actor, input.id || undefined, values);
  }
}
