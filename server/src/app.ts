import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Cache } from './core/cache/index.js';
// Every module's messages join the shared catalogue (core knows no feature).
import './messages.js';
import { Workbooks, type WorkbookOptions } from './core/workbook/workbooks.js';
import type { Config } from './core/config.js';
import { failure, ok } from './core/envelope.js';
import { answerFrameworkError, installErrorHandling, installRequestContext, requestId } from './core/http.js';
import { installNulGuard } from './core/nul-guard.js';
import type { Store } from './core/repository/store.js';
import { ANNOTATION_KEYWORDS } from './core/schema.js';
import { processLog } from './core/process-log.js';
import { securityHeadersSetter } from './core/security-headers.js';
import { sharedSchemaCompilers } from './core/schema-compilers.js';
import { installConsole } from './core/web.js';
import { AccountStates } from './core/auth/account-states.js';
import { installGuard, type ClientRecord } from './core/auth/guard.js';
import { Permissions } from './core/auth/permissions.js';
import { TokenSigner } from './core/auth/tokens.js';
import { SCOPE_CATEGORY } from './core/repository/data-scope.js';
import { sqliteFileOf } from './db/database.js';
import { authRoutes, logoutRoutes, type LogoutRouteDependencies } from './modules/auth/auth.routes.js';
import {
  LOGOUT_PREFIXES,
  REPORT_PREFIX,
  SPRINGBLADE_USER_PREFIX,
  USER_PREFIXES,
} from './core/auth/route-aliases.js';
import { generateSm2KeyPair, type Sm2KeyPair } from './core/auth/sm2-key.js';
import { springBladeAuthRoutes } from './modules/auth/springblade-auth.routes.js';
import { accountStateLoader, AuthService } from './modules/auth/auth.service.js';
import { Captchas } from './modules/auth/captcha.js';
import { Sessions } from './modules/auth/sessions.js';
import { OAuth2Provider } from './modules/auth/social-provider.js';
import { SignInLimits, type LockoutPolicy } from './modules/auth/sign-in-limits.js';
import { SignInLockRepository } from './modules/auth/sign-in-lock.repository.js';
import { ClientRepository } from './modules/system/client/client.repository.js';
import { clientRoutes } from './modules/system/client/client.routes.js';
import { datasourceRoutes } from './modules/develop/datasource/datasource.routes.js';
import { DatasourceService } from './modules/develop/datasource/datasource.service.js';
import { codeRoutes } from './modules/develop/code/code.routes.js';
import { CodeService } from './modules/develop/code/code.service.js';
import { ClientService } from './modules/system/client/client.service.js';
import { deptRoutes } from './modules/system/dept/dept.routes.js';
import { DeptService } from './modules/system/dept/dept.service.js';
import { DictCache } from './modules/system/dict/dict-cache.js';
import { dictBizTable, dictTable } from './modules/system/dict/dict.repository.js';
import { dictRoutes } from './modules/system/dict/dict.routes.js';
import { DictService } from './modules/system/dict/dict.service.js';
import { MenuAdminService } from './modules/system/menu/menu-admin.service.js';
import { menuRoutes } from './modules/system/menu/menu.routes.js';
import { topMenuRoutes } from './modules/system/menu/top-menu.routes.js';
import { TopMenuService } from './modules/system/menu/top-menu.service.js';
import { MenuService } from './modules/system/menu/menu.service.js';
import { GrantPolicy } from './modules/system/role/grant-policy.js';
import { RoleGrantRepository } from './modules/system/role/role-grant.repository.js';
import { roleRoutes } from './modules/system/role/role.routes.js';
import { RoleService } from './modules/system/role/role.service.js';
import { ApiScopeRepository } from './modules/system/scope/api-scope.repository.js';
import { apiScopeRoutes, dataScopeRoutes } from './modules/system/scope/scope.routes.js';
import { ApiScopeService, DataScopeService } from './modules/system/scope/scope.service.js';
import { postRoutes } from './modules/system/post/post.routes.js';
import { PostService } from './modules/system/post/post.service.js';
import { paramRoutes } from './modules/system/param/param.routes.js';
import { ParamService } from './modules/system/param/param.service.js';
import { regionRoutes } from './modules/system/region/region.routes.js';
import { RegionService } from './modules/system/region/region.service.js';
import { tenantRoutes } from './modules/system/tenant/tenant.routes.js';
import { TenantService } from './modules/system/tenant/tenant.service.js';
import { tenantDatabases } from './modules/system/tenant/tenant-databases.js';
import { tenantPackageRoutes } from './modules/system/tenant-package/tenant-package.routes.js';
import { TenantPackageService } from './modules/system/tenant-package/tenant-package.service.js';
import { UserAdminService } from './modules/user/user-admin.service.js';
import { userRoutes } from './modules/user/user.routes.js';
import { UserService } from './modules/user/user.service.js';
import { registerBusiness } from './modules/business/business.plugin.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { ReportService } from './modules/report/report.service.js';
import { registerFlow } from './modules/flow/flow.plugin.js';
import { generatedModules } from './core/generated-modules.js';
import path from 'node:path';
import { SecretBox } from './core/secret-box.js';
import { UPLOAD_TYPES_DEFAULT } from './core/config.js';
import { guardedAgents } from './core/outbound/agents.js';
import {
  DEFAULT_OUTBOUND_HOSTS,
  entriesForUrls,
  OutboundPolicy,
  parseOutboundEntry,
} from './core/outbound/policy.js';
import { attachRoutes } from './modules/resource/attach/attach.routes.js';
import { AttachService } from './modules/resource/attach/attach.service.js';
import { localFileRoutes } from './modules/resource/oss/local-files.routes.js';
import { ossRoutes } from './modules/resource/oss/oss.routes.js';
import { OssService } from './modules/resource/oss/oss.service.js';
import { UploadRate, type UploadRatePolicy } from './modules/resource/oss/upload-rate.js';
import { SMS_DEFAULT_ENDPOINTS } from './modules/resource/sms/sms-providers.js';
import { smsRoutes } from './modules/resource/sms/sms.routes.js';
import { SmsService } from './modules/resource/sms/sms.service.js';
import { noticeRoutes } from './modules/desk/notice/notice.routes.js';
import { NoticeService } from './modules/desk/notice/notice.service.js';
import { LogWriter, type LogWriterOptions } from './modules/log/log-writer.js';
import { LogRepository, type LogSink } from './modules/log/log.repository.js';
import { logRoutes } from './modules/log/log.routes.js';
import { LogService } from './modules/log/log.service.js';
import { installRequestLogs, recordEvent, recordFault, recordLocalLogs } from './modules/log/request-logs.js';

export interface AppDependencies {
  config: Pick<Config, 'logLevel' | 'webDist' | 'socialProviders'> &
    Partial<
      Pick<
        Config,
        | 'trustProxy'
        | 'logSlowMs'
        | 'logRetentionDays'
        | 'uploadMaxBytes'
        | 'uploadTypes'
        | 'smsEndpoints'
        | 'dataDir'
        | 'frameOrigins'
        | 'outboundHosts'
        | 'datasourceHosts'
        | 'tenantMode'
        | 'machineOfflineSeconds'
      >
    >;
  store: Store;
  cache: Cache;
  /** The token-signing key (core/auth/jwt-secret.ts). */
  jwtSecret: Uint8Array;
  /** Answers when the database answers (/api/ready). */
  ping(): Promise<void>;
  /** True once the process is shutting down (core/drain.ts): /api/ready then answers 503. */
  draining?: () => boolean;
  /** Key material for secrets at rest (DATA_KEY or DATA_DIR/data-key); default: from jwtSecret. */
  dataKey?: Uint8Array;
  /**
   * The SM2 key pair that reads the SpringBlade console's passwords (DATA_DIR/sm2-key.json, loaded
   * by main.ts; core/auth/sm2-key.ts). Default: a pair of this app alone, kept in memory.
   */
  sm2?: Sm2KeyPair;
  /** The log writer's batching, and (tests) a store standing in for the database. */
  logs?: LogWriterOptions & { sink?: (database: LogSink) => LogSink };
  /** Sign-in lockout limits and clock (default: sign-in-limits.ts; tests shorten or move them). */
  signInLockout?: Partial<LockoutPolicy>;
  /** Uploads per user per minute (default: upload-rate.ts; tests set their own). */
  uploadRate?: Partial<UploadRatePolicy>;
  /** The workbook pool and the jobs' limits (default: core/workbook/workbooks.ts; tests change them). */
  workbooks?: Partial<WorkbookOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The batched api/error/usual log writer (flushed on close). */
    logWriter: LogWriter;
    /** Reading and purging the logs. */
    logService: LogService;
    /** Exports and imports of .xlsx: their limits and the threads that write and read them. */
    workbooks: Workbooks;
  }
}

const CLIENT_CACHE_MS = 60_000;

const CLIENTS_CHANNEL = 'auth:clients';

/**
 * Clients change rarely and are read on every call: a minute's local copy is enough, dropped in
 * every process at once when the client page changes one.
 */
function cachedClients(clients: ClientRepository) {
  const entries = new Map<string, { client: ClientRecord | undefined; until: number }>();
  return {
    /** At hand while cached (the guard then decides without waiting), else read. */
    find(clientId: string): ClientRecord | undefined | Promise<ClientRecord | undefined> {
      const hit = entries.get(clientId);
      if (hit && hit.until > Date.now()) return hit.client;
      return clients.findCredentials(clientId).then((client) => {
        if (entries.size > 1000) entries.clear();
        entries.set(clientId, { client, until: Date.now() + CLIENT_CACHE_MS });
        return client;
      });
    },
    clear: () => entries.clear(),
  };
}

/** Lets ajv accept the schema annotations that word validation messages (core/schema.ts). */
function addAnnotationKeywords(ajv: { addKeyword(keyword: string): unknown }) {
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword(keyword);
  return ajv;
}

/** A hop count as the function Fastify's types accept: trust the nearest n proxies. */
function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the HTTP application from its modules. No I/O happens here: main.ts opens everything. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const log = processLog(deps.config.logLevel, { slowMs: deps.config.logSlowMs });
  const setSecurityHeaders = securityHeadersSetter(deps.config.frameOrigins ?? []);
  const app = Fastify({
    ...log.fastifyOptions,
    genReqId: requestId,
    frameworkErrors: answerFrameworkError(setSecurityHeaders),
    trustProxy: trustProxyOption(deps.config.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    ajv: {
      // verbose: errors carry the failing schema, whose annotations word the 400 messages;
      // allErrors: the message can name the first bad field in form order.
      customOptions: { verbose: true, allErrors: true },
      plugins: [addAnnotationKeywords as never],
    },
    schemaController: sharedSchemaCompilers,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Set before anything is registered: plugins' instances inherit it.
  if (log.appLogger) (app as { log: FastifyBaseLogger }).log = log.appLogger;

  const logSink = new LogRepository(deps.store);
  const logWriter = new LogWriter(
    deps.logs?.sink ? deps.logs.sink(logSink) : logSink,
    deps.store.ids,
    app.log,
    deps.logs,
  );
  logWriter.start();
  app.decorate('logWriter', logWriter);
  // app.close() lets in-flight requests finish before onClose hooks run: the last rows are queued.
  app.addHook('onClose', () => logWriter.close());
  const logService = new LogService(deps.store, deps.config.logRetentionDays ?? 90);
  app.decorate('logService', logService);
  logService.startRetention((err) => app.log.error({ err }, 'log retention failed'));
  app.addHook('onClose', async () => logService.stopRetention());
  const workbooks = new Workbooks(deps.cache, deps.workbooks);
  app.decorate('workbooks', workbooks);
  app.addHook('onClose', () => workbooks.close());

  installRequestContext(app, setSecurityHeaders);
  installErrorHandling(app, (req, error, elapsed) => recordFault(logWriter, req, error, elapsed));
  installNulGuard(app);
  installRequestLogs(app, logWriter);

  const signer = new TokenSigner(deps.jwtSecret);
  const accounts = new AccountStates(deps.cache, accountStateLoader(deps.store));
  const captchas = new Captchas(deps.cache);
  const limits = new SignInLimits(deps.cache, new SignInLockRepository(deps.store.db), deps.signInLockout);
  const sessions = new Sessions(deps.cache);
  const auth = new AuthService({
    store: deps.store,
    signer,
    accounts,
    captchas,
    limits,
    sessions,
    providers: new Map(
      deps.config.socialProviders.map((settings) => [settings.source, new OAuth2Provider(settings)]),
    ),
    cache: deps.cache,
    events: {
      signedIn: (e) =>
        recordEvent(logWriter, deps.store.timeZone, {
          tenantId: e.tenantId,
          account: e.account,
          logId: 'sign-in',
          message: { key: 'auth.log.signedIn', args: { account: e.account, grantType: e.grantType } },
          method: 'POST',
          requestUri: '/api/blade-auth/oauth/token',
          ip: e.ip,
        }),
      signedOut: (e) =>
        recordEvent(logWriter, deps.store.timeZone, {
          tenantId: e.tenantId,
          account: e.account,
          logId: 'sign-out',
          message: { key: 'auth.log.signedOut', args: { account: e.account } },
          requestUri: '/api/blade-auth/oauth/logout',
        }),
    },
  });
  await accounts.start();
  app.addHook('onClose', () => accounts.stop());

  const menus = new MenuService(deps.store);
  const roleGrants = new RoleGrantRepository(deps.store);
  const apiScopes = new ApiScopeRepository(deps.store);
  const permissions = new Permissions(deps.cache, {
    grants: async (principal) => ({
      codes: await menus.allowedCodes(principal),
      apiScopeIds: new Set(await roleGrants.scopeIds(principal, principal.roleIds, SCOPE_CATEGORY.API)),
    }),
    apiScopeRules: () => apiScopes.rules(),
  });
  await permissions.start();
  app.addHook('onClose', () => permissions.stop());

  const clientCache = cachedClients(new ClientRepository(deps.store));
  const unsubscribeClients = await deps.cache.subscribe(CLIENTS_CHANNEL, () => clientCache.clear());
  app.addHook('onClose', () => unsubscribeClients());
  installGuard(app, {
    findClient: (clientId) => clientCache.find(clientId),
    accounts,
    signer,
    cache: deps.cache,
    permissions,
  });

  app.get('/api/health', { config: { access: 'open' } }, async (req) => ok({ status: 'UP' }, req.t('ok')));
  app.get('/api/ready', { config: { access: 'open' } }, async (req, reply) => {
    const unavailable = () => reply.code(503).send(failure(503, req.t('error.unavailable')));
    if (deps.draining?.()) return unavailable();
    try {
      await deps.ping();
      return ok({ status: 'READY' }, req.t('ok'));
    } catch (err) {
      req.log.warn({ err }, 'database not ready');
      return unavailable();
    }
  });

  const dictionaries = new DictCache(deps.cache);
  await dictionaries.start();
  app.addHook('onClose', () => dictionaries.stop());

  await app.register(authRoutes, {
    prefix: '/api/blade-auth/oauth',
    auth,
    limits,
    captchas,
    accounts,
    cache: deps.cache,
    clearCaches: async () => {
      await dictionaries.changed('all');
      await permissions.invalidate();
    },
  });
  // One set of handlers under both dialects' paths (issue 20; core/auth/route-aliases.ts).
  const storeLocalLogs: LogoutRouteDependencies['storeLocalLogs'] = (req, entries) =>
    recordLocalLogs(logWriter, req, entries, deps.store.timeZone);
  for (const prefix of LOGOUT_PREFIXES) await app.register(logoutRoutes, { prefix, auth, storeLocalLogs });
  // SpringBlade's token and captcha (issue 20): the same AuthService, its own answer shape.
  await app.register(springBladeAuthRoutes, {
    prefix: '/api/blade-auth',
    auth,
    limits,
    captchas,
    sm2: deps.sm2 ?? generateSm2KeyPair(),
  });
  await app.register(logRoutes, { prefix: '/api/blade-log', logs: logService });
  const userDependencies = {
    auth,
    users: new UserService({ store: deps.store, accounts, sessions }),
    admin: new UserAdminService({
      store: deps.store,
      accounts,
      grants: new GrantPolicy(deps.store, menus),
      locks: limits,
    }),
  };
  for (const prefix of USER_PREFIXES)
    await app.register(userRoutes, {
      prefix,
      typedPasswords: prefix === SPRINGBLADE_USER_PREFIX,
      ...userDependencies,
    });
  const permissionsChanged = () => permissions.invalidate();
  await app.register(menuRoutes, {
    prefix: '/api/blade-system/menu',
    menus,
    admin: new MenuAdminService({ store: deps.store, menus, permissionsChanged }),
  });
  await app.register(topMenuRoutes, {
    prefix: '/api/blade-system/topmenu',
    topMenus: new TopMenuService(deps.store),
  });
  await app.register(deptRoutes, { prefix: '/api/blade-system/dept', depts: new DeptService(deps.store) });
  await app.register(roleRoutes, {
    prefix: '/api/blade-system/role',
    roles: new RoleService({
      store: deps.store,
      menus,
      permissionsChanged,
      rolesChanged: (tenantId) => accounts.invalidate({ tenantId }),
    }),
  });
  await app.register(postRoutes, { prefix: '/api/blade-system/post', posts: new PostService(deps.store) });
  await app.register(dataScopeRoutes, {
    prefix: '/api/blade-system/data-scope',
    scopes: new DataScopeService(deps.store),
  });
  await app.register(apiScopeRoutes, {
    prefix: '/api/blade-system/api-scope',
    scopes: new ApiScopeService(deps.store, permissionsChanged),
  });
  await app.register(clientRoutes, {
    prefix: '/api/blade-system/client',
    clients: new ClientService(deps.store, async () => {
      clientCache.clear();
      await deps.cache.publish(CLIENTS_CHANNEL, '*');
    }),
  });
  await app.register(paramRoutes, {
    prefix: '/api/blade-system/param',
    params: new ParamService(deps.store),
  });
  await app.register(tenantPackageRoutes, {
    prefix: '/api/blade-system/tenant-package',
    packages: new TenantPackageService(deps.store, permissionsChanged),
  });
  const secrets = new SecretBox(deps.dataKey ?? deps.jwtSecret);
  const datasources = new DatasourceService({
    store: deps.store,
    secrets,
    // Where data sources may point (DATASOURCE_HOSTS): nothing unless configured (S6).
    hosts: new OutboundPolicy(deps.config.datasourceHosts ?? []),
    dataDir: path.resolve(deps.config.dataDir ?? './data'),
    // The file the console's own store was opened on (none on the other engines).
    ownDatabase: sqliteFileOf(deps.store.db) ?? null,
    changed: (datasourceId) => databases.datasourceChanged(datasourceId),
  });
  // Where each tenant's business and workflow records are: the main database, or the data source
  // the tenant is bound to (decision 0020). Pools close after the last request.
  const databases = tenantDatabases({
    store: deps.store,
    cache: deps.cache,
    datasources,
    onOpenFailed: (err, datasourceId) =>
      app.log.error({ err, datasourceId }, 'a tenant data source could not be opened'),
  });
  await databases.start();
  app.addHook('onClose', () => databases.close());
  await app.register(tenantRoutes, {
    prefix: '/api/blade-system/tenant',
    tenants: new TenantService({ store: deps.store, databases, menus, accounts, permissionsChanged }),
    limits,
  });
  const systemDicts = new DictService({
    store: deps.store,
    def: dictTable,
    kind: 'system',
    cache: dictionaries,
  });
  await app.register(dictRoutes, {
    prefix: '/api/blade-system/dict',
    dicts: systemDicts,
    writeAccess: 'platform-admin',
    menuCode: 'dict',
  });
  await app.register(dictRoutes, {
    prefix: '/api/blade-system/dict-biz',
    dicts: new DictService({ store: deps.store, def: dictBizTable, kind: 'biz', cache: dictionaries }),
    writeAccess: 'user',
    menuCode: 'dictbiz',
  });
  await app.register(regionRoutes, {
    prefix: '/api/blade-system/region',
    regions: new RegionService(deps.store),
  });

  await app.register(noticeRoutes, {
    prefix: '/api/blade-desk/notice',
    notices: new NoticeService(deps.store, systemDicts),
  });

  // Outbound calls only where OUTBOUND_HOSTS allows (security S13; core/outbound/policy.ts).
  const outbound = new OutboundPolicy(
    deps.config.outboundHosts ?? DEFAULT_OUTBOUND_HOSTS.flatMap((entry) => parseOutboundEntry(entry)!),
  );
  await app.register(datasourceRoutes, { prefix: '/api/blade-develop/datasource', sources: datasources });
  await app.register(codeRoutes, {
    prefix: '/api/blade-develop/code',
    codes: new CodeService(deps.store, (id) => datasources.tables(id)),
  });
  const uploadsRoot = path.join(path.resolve(deps.config.dataDir ?? './data'), 'uploads');
  const uploadMaxBytes = deps.config.uploadMaxBytes ?? 10 * 1024 * 1024;
  const oss = new OssService({
    store: deps.store,
    secrets,
    uploadsRoot,
    uploadTypes: deps.config.uploadTypes ?? UPLOAD_TYPES_DEFAULT,
    outbound,
  });
  await app.register(ossRoutes, {
    prefix: '/api/blade-resource/oss',
    oss,
    uploadMaxBytes,
    uploadRate: new UploadRate(deps.cache, deps.uploadRate),
  });
  await app.register(localFileRoutes, { uploadsRoot });
  await app.register(attachRoutes, {
    prefix: '/api/blade-resource/attach',
    attachments: new AttachService(deps.store, oss, app.log),
  });

  // The SMS vendors' endpoints (SMS_ENDPOINTS, else the vendors' own) are the operator's, never a
  // tenant's: they count as listed; every connection is still checked on its resolved address.
  const smsAgents = guardedAgents(
    outbound.with(
      entriesForUrls(Object.values({ ...SMS_DEFAULT_ENDPOINTS, ...(deps.config.smsEndpoints ?? {}) })),
    ),
  );
  app.addHook('onClose', async () => {
    smsAgents.httpAgent.destroy();
    smsAgents.httpsAgent.destroy();
  });
  await app.register(smsRoutes, {
    prefix: '/api/blade-resource/sms',
    sms: new SmsService({
      store: deps.store,
      secrets,
      cache: deps.cache,
      endpoints: deps.config.smsEndpoints ?? {},
      agents: smsAgents,
      record: (actor, e) =>
        recordEvent(logWriter, deps.store.timeZone, {
          tenantId: actor.tenantId,
          account: (actor as { account?: string }).account ?? null,
          logId: 'sms',
          level: e.ok ? 'info' : 'warn',
          message: {
            key: e.ok ? 'sms.log.sent' : 'sms.log.failed',
            args: { smsCode: e.smsCode, phones: e.phones.join(','), detail: e.detail },
          },
          method: 'POST',
          requestUri: '/api/blade-resource/sms/endpoint/send-message',
          params: { smsCode: e.smsCode, category: e.category, phones: e.phones, paramKeys: e.paramKeys },
        }),
    }),
  });

  await registerBusiness(app, deps, logWriter, databases);
  await app.register(reportRoutes, {
    prefix: REPORT_PREFIX,
    reports: new ReportService(deps.store, databases),
  });
  await registerFlow(app, deps, logWriter, databases);

  // Modules written by the code generator, found in modules/generated (core/generated-modules.ts).
  for (const module of await generatedModules())
    await app.register(async (scope) => module.register(scope, deps.store), { prefix: module.prefix });

  await installConsole(app, deps.config.webDist, deps.config.tenantMode ? { tenantMode: true } : {});
  return app;
}
