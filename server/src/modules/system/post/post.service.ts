import type { Post, PostInput } from '@console/contract';
import { PostInputSchema } from '@console/contract/schema';
import { EntityService, found, inputValues } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { readingTenant } from '../../../core/repository/actors.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { dictLabels } from '../../../core/workbook/dict-labels.repository.js';
import type { SheetImporter } from '../../../core/workbook/sheet-import.js';
import { PostRepository, postTable } from './post.repository.js';

export class PostService extends EntityService<Post, PostInput, 'blade_post', PostRepository> {
  constructor(store: Store) {
    super(store, postTable, (s) => new PostRepository(s));
  }

  /** `post/select`: every post of the tenant by sort (the user form's choices). */
  async select(actor: Actor, tenantId?: string): Promise<Post[]> {
    const posts = await this.repository.listAll(readingTenant(actor, tenantId), { filters: [], orders: [] });
    if (!posts) throw badRequest('list.tooLarge');
    return posts;
  }

  /** The import (core/workbook/sheet-import.ts): each row saved by submit in the import's transaction. */
  importer(): SheetImporter<PostInput> {
    return {
      columns: async (_actor, language) => [
        {
          header: 'post.category',
          field: 'category',
          kind: 'int',
          labels: await dictLabels(this.store, 'post_category', language),
        },
        { header: 'post.postCode', field: 'postCode' },
        { header: 'post.postName', field: 'postName', width: 24 },
        { header: 'post.sort', field: 'sort', kind: 'int' },
        { header: 'post.remark', field: 'remark', width: 28 },
      ],
      schema: PostInputSchema,
      keys: ['postCode'],
      storeFor: async () => this.store,
      findByKey: async (tx, actor, _key, input) =>
        (await new PostRepository(tx).findByCode(actor, input.postCode.trim()))?.id,
      store: async (tx, actor, input, existing) => {
        await new PostService(tx).submit(actor, { ...input, ...(existing ? { id: existing } : {}) });
      },
    };
  }

  /** A post code belongs to one post of the tenant. */
  async submit(actor: Actor, input: PostInput): Promise<Post> {
    const values = inputValues(PostInputSchema, input);
    const id = input.id || undefined;
    return inTransaction(this.store, async (tx) => {
      const posts = this.repositoryOn(tx);
      if (id !== undefined) found(await posts.findById(actor, id));
      const holder = await posts.findByCode(actor, values.postCode);
      if (holder && holder.id !== id) throw badRequest('post.postCode.exists', { code: values.postCode });
      return this.save(posts, actor, id, values);
    });
  }
}
