import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { Page } from '@console/contract';
import { Type, type Static, type TSchema } from 'typebox';
import { ok } from './envelope.js';
import type { Actor } from './repository/store.js';
import { registerListExport, type ListExportOptions } from './workbook/list-export.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from './schema.js';

/** Who may call one of the CRUD routes: the route's `config` (access level and button). */
export type CrudAccess = Pick<FastifyContextConfig, 'access' | 'button' | 'menu' | 'everyone'>;

/** The four routes, each at `/<name>` unless `paths` says otherwise. */
export type CrudRoute = 'list' | 'detail' | 'submit' | 'remove';
const CRUD_ROUTES: readonly CrudRoute[] = ['list', 'detail', 'submit', 'remove'];

/**
 * What the CRUD routes call. Services whose methods take other arguments (no actor for reads,
 * something of the request) are adapted with lambdas at the call site
 * (`list: (_actor, query) => service.list(query)`); the request is there for those adapters only.
 */
export interface CrudService<TInput> {
  list(actor: Actor, query: Static<typeof ListQuerySchema>, req: FastifyRequest): Promise<Page<unknown>>;
  detail(actor: Actor, id: string, req: FastifyRequest): Promise<unknown>;
  submit(actor: Actor, input: TInput, req: FastifyRequest): Promise<unknown>;
  remove(actor: Actor, ids: string, req: FastifyRequest): Promise<unknown>;
}

export type CrudRoutesOptions<TInput extends TSchema, TRoute extends CrudRoute> = {
  /** The entity's response schema: /list answers a page of it, /detail and /submit one. */
  entity: TSchema;
  /** What /detail answers when it says more than a list row (default: `entity`). */
  detailEntity?: TSchema;
  /** The routes to register (default: all four); a module whose own route differs writes that one itself. */
  routes?: readonly TRoute[];
  /** Calls the routes registered make. */
  service: Pick<CrudService<Static<TInput>>, NoInfer<TRoute>>;
  /**
   * Route configs; a missing one declares no config (the guard's default: a signed-in user).
   * `detail` is for a detail that asks more than the list (default: `read`).
   */
  access?: { read?: CrudAccess; detail?: CrudAccess; submit?: CrudAccess; remove?: CrudAccess };
  /** Where a route answers when not (only) at `/<name>`: BladeX's own paths and aliases. */
  paths?: Partial<Record<CrudRoute, string | readonly string[]>>;
  /** Run before /submit's body is validated: fixes up what a client sends in its own way. */
  preValidation?: { submit?: RouteShorthandOptions['preValidation'] };
  /**
   * GET /export of the list's search (core/workbook/list-export.ts), when given: the export's
   * button, and the columns whose keys are a dictionary's or whose ids name related records.
   * Needs `list` among the routes.
   */
  export?: Pick<ListExportOptions, 'button' | 'dicts' | 'names' | 'values' | 'title'>;
} & ('submit' extends TRoute
  ? {
      /** The body of /submit. */
      input: TInput;
    }
  : { input?: never });

/**
 * Registers the four routes most modules share:
 * - GET /list (ListQuerySchema → R<Page<entity>>, 'ok'),
 * - GET /detail (IdQuery → R<detailEntity or entity>, 'ok'),
 * - POST /submit (body input → R<entity>, 'created' for a body without an id, else 'updated'),
 * - POST /remove (IdsQuery → R<true>, 'deleted'),
 * - with `export`: GET /export (the list's query → .xlsx; core/workbook/list-export.ts).
 * Reads share `access.read` (unless `access.detail`); each write has its own config.
 */
export function registerCrudRoutes<TInput extends TSchema, TRoute extends CrudRoute = CrudRoute>(
  app: FastifyInstance,
  options: CrudRoutesOptions<TInput, TRoute>,
): void {
  const { entity, detailEntity = entity, input, access = {}, paths = {}, preValidation = {} } = options;
  const routes: readonly CrudRoute[] = options.routes ?? CRUD_ROUTES;
  // The options' type holds the service's methods and the input of the routes registered, which
  // are all that is read below.
  const service = options.service as CrudService<Static<TInput>>;

  const register = (
    method: 'get' | 'post',
    route: CrudRoute,
    schema: FastifySchema,
    config: CrudAccess | undefined,
    handler: RouteHandlerMethod,
  ) => {
    if (!routes.includes(route)) return;
    const hooks = route === 'submit' && preValidation.submit ? { preValidation: preValidation.submit } : {};
    for (const path of [paths[route] ?? `/${route}`].flat())
      app[method](path, { schema, ...(config ? { config } : {}), ...hooks }, handler);
  };

  register(
    'get',
    'list',
    { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(entity)) } },
    access.read,
    async (req) =>
      ok(await service.list(req.actor, req.query as Static<typeof ListQuerySchema>, req), req.t('ok')),
  );

  register(
    'get',
    'detail',
    { querystring: IdQuery, response: { 200: Envelope(detailEntity) } },
    access.detail ?? access.read,
    async (req) =>
      ok(await service.detail(req.actor, (req.query as Static<typeof IdQuery>).id, req), req.t('ok')),
  );

  register(
    'post',
    'submit',
    { body: input!, response: { 200: Envelope(entity) } },
    access.submit,
    async (req) => {
      const body = req.body as Static<TInput> & { id?: unknown };
      const created = !body.id;
      const saved = await service.submit(req.actor, body, req);
      return ok(saved, req.t(created ? 'created' : 'updated'));
    },
  );

  register(
    'post',
    'remove',
    { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
    access.remove,
    async (req) => {
      await service.remove(req.actor, (req.query as Static<typeof IdsQuery>).ids, req);
      return ok(true, req.t('deleted'));
    },
  );

  if (options.export && routes.includes('list'))
    registerListExport(app, {
      ...options.export,
      entity,
      read: access.read,
      list: (actor, query, req) => service.list(actor, query, req),
    });
}
