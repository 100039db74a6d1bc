import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Page } from '@console/contract';
import { Type, type Static, type TSchema } from 'typebox';
import { ok } from './envelope.js';
import type { Actor } from './repository/store.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from './schema.js';

/** Who may call one of the CRUD routes: the route's `config` (access level and button). */
export type CrudAccess = Pick<FastifyContextConfig, 'access' | 'button' | 'menu' | 'everyone'>;

/**
 * What the four CRUD routes call. Services that take no actor for reads are adapted with lambdas
 * at the call site (`list: (_actor, query) => service.list(query)`).
 */
export interface CrudService<TInput> {
  list(actor: Actor, query: Static<typeof ListQuerySchema>): Promise<Page<unknown>>;
  detail(actor: Actor, id: string): Promise<unknown>;
  submit(actor: Actor, input: TInput): Promise<unknown>;
  remove(actor: Actor, ids: string): Promise<unknown>;
}

export interface CrudRoutesOptions<TInput extends TSchema> {
  /** The entity's response schema: /list answers a page of it, /detail and /submit one. */
  entity: TSchema;
  /** What /detail answers when it says more than a list row (default: `entity`). */
  detailEntity?: TSchema;
  /** The body of /submit. */
  input: TInput;
  service: CrudService<Static<TInput>>;
  /** Route configs; a missing one declares no config (the guard's default: a signed-in user). */
  access?: { read?: CrudAccess; submit?: CrudAccess; remove?: CrudAccess };
}

/**
 * Registers the four routes most modules share:
 * - GET /list (ListQuerySchema → R<Page<entity>>, 'ok'),
 * - GET /detail (IdQuery → R<detailEntity or entity>, 'ok'),
 * - POST /submit (body input → R<entity>, 'created' for a body without an id, else 'updated'),
 * - POST /remove (IdsQuery → R<true>, 'deleted').
 * Reads share `access.read`; each write has its own config.
 */
export function registerCrudRoutes<TInput extends TSchema>(
  app: FastifyInstance,
  { entity, detailEntity = entity, input, service, access = {} }: CrudRoutesOptions<TInput>,
): void {
  const config = (route: CrudAccess | undefined) => (route ? { config: route } : {});

  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(entity)) } },
      ...config(access.read),
    },
    async (req) =>
      ok(await service.list(req.actor, req.query as Static<typeof ListQuerySchema>), req.t('ok')),
  );

  app.get(
    '/detail',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(detailEntity) } },
      ...config(access.read),
    },
    async (req) => ok(await service.detail(req.actor, (req.query as Static<typeof IdQuery>).id), req.t('ok')),
  );

  app.post(
    '/submit',
    {
      schema: { body: input, response: { 200: Envelope(entity) } },
      ...config(access.submit),
    },
    async (req) => {
      const body = req.body as Static<TInput> & { id?: unknown };
      const created = !body.id;
      const saved = await service.submit(req.actor, body);
      return ok(saved, req.t(created ? 'created' : 'updated'));
    },
  );

  app.post(
    '/remove',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      ...config(access.remove),
    },
    async (req) => {
      await service.remove(req.actor, (req.query as Static<typeof IdsQuery>).ids);
      return ok(true, req.t('deleted'));
    },
  );
}
