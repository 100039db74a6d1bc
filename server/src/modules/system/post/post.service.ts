import type { Page, Post, PostInput } from '@console/contract';
import { badRequest, notFound } from '../../../core/errors.js';
import { parseIdList } from '../../../core/ids.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { readingTenant } from '../dept/dept.service.js';
import { PostRepository, postTable } from './post.repository.js';

export class PostService {
  readonly #posts: PostRepository;

  constructor(private readonly store: Store) {
    this.#posts = new PostRepository(store);
  }

  list(actor: Actor, query: Record<string, unknown>): Promise<Page<Post>> {
    return this.#posts.page(actor, parseListQuery(query, postTable, this.store.timeZone));
  }

  /** `post/select`: every post of the tenant by sort (the user form's choices). */
  async select(actor: Actor, tenantId?: string): Promise<Post[]> {
    const posts = await this.#posts.listAll(readingTenant(actor, tenantId), { filters: [], orders: [] });
    if (!posts) throw badRequest('list.tooLarge');
    return posts;
  }

  async detail(actor: Actor, id: string): Promise<Post> {
    const post = await this.#posts.findById(actor, id);
    if (!post) throw notFound();
    return post;
  }

  /** Creates without an id, updates with one; a post code belongs to one post of the tenant. */
  async submit(actor: Actor, input: PostInput): Promise<Post> {
    const values = {
      category: input.category,
      postCode: input.postCode.trim(),
      postName: input.postName.trim(),
      sort: input.sort,
      remark: input.remark ?? null,
    };
    const id = input.id || undefined;
    return inTransaction(this.store, async (tx) => {
      const posts = new PostRepository(tx);
      if (id !== undefined && !(await posts.findById(actor, id))) throw notFound();
      const holder = await posts.findByCode(actor, values.postCode);
      if (holder && holder.id !== id) throw badRequest('post.postCode.exists', { code: values.postCode });
      if (id === undefined) return (await posts.findById(actor, await posts.insert(actor, values)))!;
      if (!(await posts.update(actor, id, values))) throw notFound();
      return (await posts.findById(actor, id))!;
    });
  }

  /** Removes all of the ids or none: an id that is not there answers 404 and changes nothing. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = parseIdList(rawIds);
    if (!ids) throw badRequest('ids.invalid');
    return inTransaction(this.store, async (tx) => {
      const removed = await new PostRepository(tx).softDelete(actor, ids);
      if (removed !== ids.length) throw notFound();
      return removed;
    });
  }
}
