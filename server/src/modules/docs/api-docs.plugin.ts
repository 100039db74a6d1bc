import Fastify, { type FastifyInstance, type FastifySchema, type RouteOptions } from 'fastify';
import type { FastifyContextConfig } from 'fastify';
import type { Access } from '../../core/auth/principal.js';

// The API's own documentation (issue 52): an OpenAPI 3.1 document made from the routes' own schemas
// by @fastify/swagger, served at GET /api/docs/openapi.json (docs/decisions/0044-api-docs.md).
//
// Nothing of it costs the start: an onRoute hook keeps the options of every API route as it is
// registered (a reference each); @fastify/swagger is loaded, and the document built, on the first
// request for it, in a scratch Fastify instance given those routes (its compilers do nothing: the
// document needs only the schemas' JSON). The document's text is then kept for the process.

export const API_DOCS_PATH = '/api/docs/openapi.json';

/** The password `admin`'s MD5, as the console sends it (the sign-in example). */
const ADMIN_MD5 = '21232f297a57a5a743894a0e4a801fc3';

/** What every API answer is wrapped in (BladeX's R); a failure's `data` is null. */
const R_SCHEMA = {
  type: 'object',
  description:
    "BladeX's answer envelope R: code (the HTTP status), success, data, msg (in the caller's language)",
  required: ['code', 'success', 'data', 'msg'],
  properties: {
    code: { type: 'integer', examples: [200] },
    success: { type: 'boolean' },
    data: {},
    msg: { type: 'string', examples: ['操作成功'] },
  },
} as const;

/** The token call's answer (contract: TokenResponse), bare. */
const TOKEN_STRINGS = [
  'access_token',
  'token_type',
  'refresh_token',
  'scope',
  'tenant_id',
  'user_id',
  'user_name',
  'real_name',
  'nick_name',
  'account',
  'avatar',
  'role_id',
  'role_name',
  'dept_id',
  'post_id',
  'oauth_id',
  'client_id',
  'license',
  'jti',
] as const;
const TOKEN_SCHEMA = {
  type: 'object',
  required: [...TOKEN_STRINGS, 'expires_in', 'password_change_required', 'second_factor_setup_required'],
  properties: {
    ...Object.fromEntries(TOKEN_STRINGS.map((name) => [name, { type: 'string' }])),
    expires_in: { type: 'integer', description: 'Seconds' },
    password_change_required: { type: 'boolean' },
    second_factor_setup_required: { type: 'boolean' },
  },
};

const SECURITY_SCHEMES = {
  client: {
    type: 'http',
    scheme: 'basic',
    description:
      'The client: `Authorization: Basic base64(clientId:clientSecret)` (the console is `saber:saber_secret`), on every call but `open` ones.',
  },
  token: {
    type: 'apiKey',
    in: 'header',
    name: 'Blade-Auth',
    description:
      '`Blade-Auth: bearer <access_token>`, the token from `POST /api/blade-auth/oauth/token`, on every call of a signed-in user.',
  },
} as const;

/** What the console's areas are (tags), by the first segment after /api/. */
const AREAS: Record<string, string> = {
  'blade-auth': 'Sign-in, tokens, captcha, logout',
  'blade-system':
    'Tenants, users, roles, menus, departments, dictionaries, parameters, clients, jobs, monitoring',
  'blade-user': 'Users and their own information',
  'blade-desk': 'Notices, messages, the event stream, leave requests',
  'blade-flow': 'Workflow: models, forms, processes, tasks',
  'blade-log': 'API, usual, error and sign-in logs',
  'blade-resource': 'Object storage, attachments, SMS',
  'blade-develop': 'Data sources and the code generator',
  'blade-report': 'Reports',
  'zxgxg-api': 'The business: hospitals, machines, slots, apk releases, refunds (and generated modules)',
  device: 'The machines’ own API (docs/device-api.md)',
  docs: 'This document',
  api: 'Health and readiness (load balancers)',
};

type RouteConfig = FastifyContextConfig & { access?: Access };

/** What the document says of a route: its schemas and the rule the guard applies. */
interface DocumentedRoute {
  method: string | string[];
  url: string;
  schema?: FastifySchema;
  config: RouteConfig;
}

/** The area (tag) of an API path: `/api/blade-system/user/list` → `blade-system`; `/api/health` → `api`. */
export const areaOf = (url: string): string => {
  const segments = url.split('/');
  return segments.length > 3 ? segments[2]! : 'api';
};

/** An operation's security requirement from its access level. */
function securityOf(access: Access): Array<Record<string, string[]>> {
  if (access === 'open') return [];
  if (access === 'public') return [{ client: [] }];
  return [{ client: [], token: [] }];
}

/** Where documentedSchema leaves a query of any keys for addQueryRecords. */
const QUERY_RECORD = 'x-query-record';

/** An object schema of any keys (TypeBox's Record): no named properties. */
function isRecordSchema(schema: unknown): boolean {
  const s = schema as {
    type?: unknown;
    properties?: unknown;
    patternProperties?: unknown;
    additionalProperties?: unknown;
  };
  return (
    s !== undefined &&
    s !== null &&
    s.type === 'object' &&
    s.properties === undefined &&
    (s.patternProperties !== undefined ||
      (s.additionalProperties !== undefined && s.additionalProperties !== false))
  );
}

/** The route's schema with what the document adds: its area, access level and button. */
function documentedSchema(route: DocumentedRoute): Record<string, unknown> {
  const config = route.config;
  const access: Access = config.access ?? 'user';
  const { querystring, ...schema } = (route.schema ?? {}) as Record<string, unknown>;
  // A query of any keys (a list's filters: ListQuerySchema, a record) is one parameter of form style.
  const anyKeys = isRecordSchema(querystring);
  // What the guard asks, in words too: viewers show an operation's description, not its extensions.
  const rule = [
    `Access: \`${access}\``,
    ...(config.button !== undefined ? [`button: \`${JSON.stringify(config.button)}\``] : []),
    ...(config.menu !== undefined ? [`menu: \`${JSON.stringify(config.menu)}\``] : []),
    ...(config.everyone !== undefined ? [`every signed-in user (${config.everyone})`] : []),
  ].join(' · ');
  const description = typeof schema.description === 'string' ? `${schema.description}\n\n${rule}` : rule;
  return {
    ...schema,
    description,
    ...(querystring !== undefined && !anyKeys ? { querystring } : {}),
    ...(anyKeys ? { [QUERY_RECORD]: querystring } : {}),
    tags: [areaOf(route.url)],
    security: securityOf(access),
    'x-access': access,
    ...(config.button !== undefined ? { 'x-button': config.button } : {}),
    ...(config.menu !== undefined ? { 'x-menu': config.menu } : {}),
    ...(config.everyone !== undefined ? { 'x-everyone': config.everyone } : {}),
  };
}

type Operation = {
  responses?: Record<string, { description?: string; content?: unknown }>;
  parameters?: Array<{ name: string; in: string; example?: unknown; description?: string }>;
  [key: string]: unknown;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string; description?: string }>;
};

const envelopeContent = { 'application/json': { schema: { $ref: '#/components/schemas/R' } } };

/**
 * Every operation answers failures in R (`default`); one whose route declares no answer schema
 * answers R with undescribed data (files, the event stream and the sign-in are said where known).
 */
function addEnvelopes(doc: OpenApiDocument): void {
  for (const operations of Object.values(doc.paths))
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ??= {});
      const declared = Object.values(responses).some((response) => response.content !== undefined);
      for (const response of Object.values(responses))
        if (response.description === 'Default Response')
          response.description = 'The answer, in the R envelope';
      if (!declared)
        responses['200'] = {
          description: 'R envelope (its data is not described by a schema)',
          content: envelopeContent,
        };
      responses.default = {
        description: 'A failure, in the R envelope (success false, data null)',
        content: envelopeContent,
      };
    }
}

/** A query of any keys as one `form`, exploded parameter (a list's filters, paging and sorting). */
function addQueryRecords(doc: OpenApiDocument): void {
  for (const operations of Object.values(doc.paths))
    for (const operation of Object.values(operations)) {
      const record = operation[QUERY_RECORD] as { patternProperties?: Record<string, unknown> } | undefined;
      if (record === undefined) continue;
      delete operation[QUERY_RECORD];
      const values = Object.values(record.patternProperties ?? {})[0] ?? {};
      (operation.parameters ??= []).push({
        name: 'query',
        in: 'query',
        description:
          "Any of the list's filters (a field name, or name_like, name_equal…), current and size (paging), ascs and descs (sorting): docs/decisions/0001-list-queries.md",
        style: 'form',
        explode: true,
        schema: { type: 'object', additionalProperties: values },
      } as never);
    }
}

/** The sign-in (spec §7): the password grant's parameters and answer, as examples. */
function addSignInExamples(doc: OpenApiDocument): void {
  const examples: Record<string, unknown> = {
    tenantId: '000000',
    username: 'admin',
    password: ADMIN_MD5,
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  };
  for (const path of ['/api/blade-auth/oauth/token', '/api/blade-auth/oauth/token/refresh']) {
    const operation = doc.paths[path]?.post;
    if (!operation) continue;
    operation.summary = 'Sign in (grant_type password, captcha, refresh_token, social, totp)';
    operation.description =
      'The password is the MD5 of the password, in lower-case hexadecimal. With `Captcha-Key` and `Captcha-Code` ' +
      'headers (from GET /api/blade-auth/oauth/captcha) where the tenant asks for a captcha. Answers the token ' +
      "object itself, not in the R envelope; a refusal answers OAuth's `{error_code, error_description}`.";
    for (const parameter of operation.parameters ?? [])
      if (parameter.in === 'query' && examples[parameter.name] !== undefined)
        parameter.example =
          path.endsWith('/refresh') && parameter.name === 'grant_type'
            ? 'refresh_token'
            : examples[parameter.name];
    operation.responses = {
      ...operation.responses,
      '200': {
        description: 'The tokens and who signed in',
        content: {
          'application/json': {
            schema: TOKEN_SCHEMA,
            example: {
              access_token: 'eyJhbGciOiJIUzUxMiJ9.…',
              refresh_token: 'eyJhbGciOiJIUzUxMiJ9.…',
              token_type: 'bearer',
              expires_in: 3600,
              tenant_id: '000000',
              user_id: '1123598821738675201',
              account: 'admin',
              user_name: 'admin',
              role_name: 'administrator',
              password_change_required: false,
              second_factor_setup_required: false,
            },
          },
        },
      },
      '4XX': {
        description:
          "A refused sign-in, in OAuth's shape (a second factor's challenge with it: second_factor, challenge)",
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { error_code: { type: 'integer' }, error_description: { type: 'string' } },
            },
            example: { error_code: 400, error_description: '用户名或密码不正确' },
          },
        },
      },
    };
  }
}

/** Builds the document from the routes kept (loads @fastify/swagger: only now). */
async function buildDocument(routes: readonly DocumentedRoute[]): Promise<string> {
  const { default: swagger } = await import('@fastify/swagger');
  // The compilers do nothing: the scratch instance answers no request.
  const scratch = Fastify({
    exposeHeadRoutes: false,
    schemaController: {
      compilersFactory: {
        buildValidator: (() => () => () => true) as never,
        buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
      },
    },
  });
  try {
    await scratch.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Cabinet fleet console API',
          version: '1',
          description:
            "Every answer is BladeX's R envelope `{code, success, data, msg}` (but the sign-in's token and files). " +
            '`x-access` is who may call an operation (open, public: a known client; user: a signed-in user; ' +
            'administrator; platform-admin), `x-button` the button (permission code) it needs, `x-menu` the menus ' +
            'one of which a read needs, `x-everyone` why every signed-in user may call it.',
        },
        components: { securitySchemes: SECURITY_SCHEMES as never, schemas: { R: R_SCHEMA as never } },
        tags: Object.entries(AREAS).map(([name, description]) => ({ name, description })),
      },
      transform: ({ route, url }) => ({ schema: documentedSchema(route as DocumentedRoute) as never, url }),
      transformObject: (input) => {
        const openapiObject = 'openapiObject' in input ? input.openapiObject : input.swaggerObject;
        const doc = openapiObject as unknown as OpenApiDocument;
        addQueryRecords(doc);
        addEnvelopes(doc);
        addSignInExamples(doc);
        // Areas met in the routes (a generated module's among them) and not named above.
        const named = new Set((doc.tags ?? []).map((tag) => tag.name));
        for (const route of routes)
          if (!named.has(areaOf(route.url))) {
            named.add(areaOf(route.url));
            (doc.tags ??= []).push({ name: areaOf(route.url) });
          }
        return openapiObject;
      },
    });
    for (const route of routes)
      scratch.route({
        method: route.method as never,
        url: route.url,
        ...(route.schema ? { schema: route.schema } : {}),
        config: route.config as never,
        handler: async () => null,
      });
    await scratch.ready();
    return JSON.stringify(scratch.swagger());
  } finally {
    await scratch.close();
  }
}

/**
 * Keeps every API route registered after it: call it before any route. Answers the function that
 * registers the document's route (after the guard, so that its rule is the guard's like any other):
 * for the platform administrator, or for every known client when `public` (API_DOCS_PUBLIC).
 */
export function collectApiRoutes(app: FastifyInstance): { serve(options: { public: boolean }): void } {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    // HEAD routes are GET's twins, made by Fastify.
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config ?? {} });
  });

  let document: Promise<string> | undefined;
  return {
    serve(options) {
      app.get(
        API_DOCS_PATH,
        { config: { access: options.public ? 'public' : 'platform-admin' } },
        async (_req, reply) => {
          document ??= buildDocument(routes).catch((error: unknown) => {
            document = undefined; // the next request tries again
            throw error;
          });
          return reply.type('application/json; charset=utf-8').send(await document);
        },
      );
    },
  };
}
