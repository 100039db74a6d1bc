import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
// Every module's messages join the shared catalogue (core knows no feature).
import './messages.js';
import { installGuard, sessionWatcher } from './core/auth/guard.js';
import { REPORT_PREFIX } from './core/auth/route-aliases.js';
import type { Sm2KeyPair } from './core/auth/sm2-key.js';
import type { Cache } from './core/cache/index.js';
import type { Config } from './core/config.js';
import { failure, ok } from './core/envelope.js';
import { EventHub, type EventHubOptions } from './core/events/event-hub.js';
import { generatedModules } from './core/generated-modules.js';
import { answerFrameworkError, installErrorHandling, installRequestContext, requestId } from './core/http.js';
import { installNulGuard } from './core/nul-guard.js';
import { processLog } from './core/process-log.js';
import { onAfterCommitFailure, type Store } from './core/repository/store.js';
import { ANNOTATION_KEYWORDS } from './core/schema.js';
import { sharedSchemaCompilers } from './core/schema-compilers.js';
import { SecretBox } from './core/secret-box.js';
import { securityHeadersSetter } from './core/security-headers.js';
import { installConsole } from './core/web.js';
import { Workbooks, type WorkbookOptions } from './core/workbook/workbooks.js';
import { ListExports } from './core/workbook/list-export.js';
import { sqliteFileOf } from './db/database.js';
import { registerAuth, startSignIn } from './modules/auth/auth.plugin.js';
import type { LockoutPolicy } from './modules/auth/sign-in-limits.js';
import { registerBusiness } from './modules/business/business.plugin.js';
import { messageRoutes } from './modules/desk/message/message.routes.js';
import { MessageService } from './modules/desk/message/message.service.js';
import { noticeRoutes } from './modules/desk/notice/notice.routes.js';
import { streamRoutes } from './modules/desk/stream/stream.routes.js';
import { NoticeService } from './modules/desk/notice/notice.service.js';
import { registerDevelop, startDatasources } from './modules/develop/develop.plugin.js';
import { collectApiRoutes } from './modules/docs/api-docs.plugin.js';
import { registerFlow } from './modules/flow/flow.plugin.js';
import { registerLogs, startLogs, type LogsDependencies } from './modules/log/log.plugin.js';
import { logRetentionJob } from './modules/log/log-jobs.js';
import { jobRunRetentionJob } from './modules/system/job/job-jobs.js';
import { expiredSessionsJob } from './modules/system/online/online-jobs.js';
import { registerJobs } from './modules/system/job/job.plugin.js';
import type { SchedulerOptions } from './modules/system/job/scheduler.js';
import { messageRetentionJob } from './modules/system/tenant/message-retention-job.js';
import { JobHandlers, type JobHandler } from './core/jobs/job-handlers.js';
import { installRequestLogs, recordFault } from './modules/log/request-logs.js';
import { usualEventRecorder } from './modules/log/usual-events.js';
import { recordSignIn } from './modules/log/sign-in-records.js';
import { reportDeliveryJob } from './modules/report/report-delivery-job.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { ReportService } from './modules/report/report.service.js';
import type { UploadRatePolicy } from './modules/resource/oss/upload-rate.js';
import { registerResource } from './modules/resource/resource.plugin.js';
import { startClientCache } from './modules/system/client/client-cache.js';
import { registerSystem, startSystem } from './modules/system/system.plugin.js';
import { registerMonitor, type MonitorOptions } from './modules/system/monitor/monitor.plugin.js';
import { registerUser } from './modules/user/user.plugin.js';

// The composition root: the app is its areas (server/src/modules/<area>/<area>.plugin.ts), each
// building its own services from what it is given here. What several areas share is started first:
// the logs, signing in, the system's caches (menus, permissions, dictionaries), the clients, the
// tenants' databases; then the guard, then each area's routes.

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
        | 'metricsToken'
        | 'host'
        | 'mqttPort'
        | 'mqttUrl'
        | 'mqttShareGroup'
        | 'mqttHookToken'
        | 'apiDocsPublic'
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
  logs?: LogsDependencies['writer'];
  /** Sign-in lockout limits and clock (default: sign-in-limits.ts; tests shorten or move them). */
  signInLockout?: Partial<LockoutPolicy>;
  /** Uploads per user per minute (default: upload-rate.ts; tests set their own). */
  uploadRate?: Partial<UploadRatePolicy>;
  /** The workbook pool and the jobs' limits (default: core/workbook/workbooks.ts; tests change them). */
  workbooks?: Partial<WorkbookOptions>;
  /** The event streams' limits, replay and heartbeat (default: core/events/event-hub.ts). */
  events?: Partial<EventHubOptions>;
  /** How often each process publishes its figures for the monitor (default: monitor/process-registry.ts). */
  monitor?: Partial<MonitorOptions>;
  /** More job handlers (tests register their own) and the scheduler's timing. */
  jobs?: { handlers?: readonly JobHandler[]; scheduler?: Partial<SchedulerOptions> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Exports and imports of .xlsx: their limits and the threads that write and read them. */
    workbooks: Workbooks;
    /** The signed-in consoles' event streams (main.ts ends them when the process drains). */
    events: EventHub;
  }
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
  const { config, store, cache } = deps;
  const log = processLog(config.logLevel, { slowMs: config.logSlowMs });
  const setSecurityHeaders = securityHeadersSetter(config.frameOrigins ?? []);
  const app = Fastify({
    ...log.fastifyOptions,
    genReqId: requestId,
    frameworkErrors: answerFrameworkError(setSecurityHeaders),
    trustProxy: trustProxyOption(config.trustProxy ?? false),
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

  const logWriter = startLogs(app, { store, retentionDays: config.logRetentionDays, writer: deps.logs });
  const workbooks = new Workbooks(cache, deps.workbooks);
  app.decorate('workbooks', workbooks);
  app.decorate('listExports', new ListExports(workbooks, store, deps.workbooks?.exportMaxRows));
  app.addHook('onClose', () => workbooks.close());

  // What a step tells others after its commit (messages, events) never fails the step: it is logged.
  onAfterCommitFailure((err) => app.log.error({ err }, 'after a commit, others could not be told'));

  // The API's documentation keeps every route registered after it (issue 52): first, before any.
  const apiDocs = collectApiRoutes(app);

  // Every request's hooks, installed before any route.
  installRequestContext(app, setSecurityHeaders);
  installErrorHandling(app, (req, error, elapsed) => recordFault(logWriter, req, error, elapsed));
  installNulGuard(app);
  installRequestLogs(app, logWriter);

  // Secrets at rest (second factors, providers' keys, data sources' passwords) are sealed with it.
  const secrets = new SecretBox(deps.dataKey ?? deps.jwtSecret);
  const signIn = await startSignIn(app, {
    store,
    cache,
    jwtSecret: deps.jwtSecret,
    socialProviders: config.socialProviders,
    signInLockout: deps.signInLockout,
    secrets,
    record: usualEventRecorder(logWriter, store.timeZone),
    // Every sign-in attempt and logout, to the login log (written in batches, as the other logs).
    events: { recorded: (record) => recordSignIn(logWriter, record) },
  });
  // The event streams: a session that ends (logout, a password changed, a user disabled) ends them.
  const events = new EventHub(cache, app.log, deps.events);
  await events.start();
  app.decorate('events', events);
  // Before the server closes: open streams would hold it open.
  app.addHook('preClose', () => events.close());
  signIn.accounts.onChange((change) => events.accountChanged(change));
  const system = await startSystem(app, store, cache);
  const clients = await startClientCache(app, store, cache);
  installGuard(app, {
    clients,
    accounts: signIn.accounts,
    signer: signIn.signer,
    cache,
    permissions: system.permissions,
  });
  const { datasources, databases } = await startDatasources(app, {
    store,
    cache,
    secrets,
    datasourceHosts: config.datasourceHosts,
    dataDir: config.dataDir,
    ownDatabase: sqliteFileOf(store.db) ?? null,
  });

  apiDocs.serve({ public: config.apiDocsPublic ?? false });
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

  await registerAuth(app, {
    signIn,
    store,
    cache,
    logWriter,
    sm2: deps.sm2,
    clearCaches: async () => {
      await system.dictionaries.changed('all');
      await system.permissions.invalidate();
    },
  });
  await registerLogs(app);
  // 服务监控, 缓存监控 and /api/metrics (issue 49): counts every answer, whenever its route was registered.
  await registerMonitor(app, {
    store,
    cache,
    system,
    metricsToken: config.metricsToken,
    options: deps.monitor,
  });
  await registerUser(app, { store, signIn, menus: system.menus });
  const systemDicts = await registerSystem(app, { store, system, signIn, clients, databases });
  const messages = new MessageService(store, events);
  await app.register(noticeRoutes, {
    prefix: '/api/blade-desk/notice',
    notices: new NoticeService(store, systemDicts, messages),
  });
  await app.register(messageRoutes, { prefix: '/api/blade-desk/message', messages });
  // Scheduled jobs (issue 49): the handlers registered here are all a job may run.
  const jobHandlers = new JobHandlers()
    .register(logRetentionJob(app.logService))
    .register(messageRetentionJob(store))
    .register(jobRunRetentionJob(store, config.logRetentionDays ?? 90))
    .register(expiredSessionsJob(store));
  for (const handler of deps.jobs?.handlers ?? []) jobHandlers.register(handler);
  await registerJobs(app, {
    store,
    handlers: jobHandlers,
    messages,
    scheduler: deps.jobs?.scheduler,
    accounts: signIn.accounts,
    permissions: system.permissions,
  });
  await app.register(streamRoutes, {
    events,
    watchSession: sessionWatcher({ cache, accounts: signIn.accounts, signer: signIn.signer }),
  });
  await registerDevelop(app, store, datasources);
  const resource = await registerResource(app, {
    config,
    store,
    cache,
    secrets,
    logWriter,
    uploadRate: deps.uploadRate,
  });
  // The workflow before the business area: a refund's second approval runs on its runtime.
  const flow = await registerFlow(app, { store, stores: databases, logWriter, messages });
  await registerBusiness(app, {
    flow: flow.runtime,
    store,
    stores: databases,
    cache,
    logWriter,
    machineOfflineSeconds: config.machineOfflineSeconds,
    menus: system.menus,
    messages,
    jobs: jobHandlers,
    sms: resource.sms,
    mqtt: config,
  });
  const reports = new ReportService(store, databases);
  await app.register(reportRoutes, { prefix: REPORT_PREFIX, reports });
  jobHandlers.register(
    reportDeliveryJob({ reports, workbooks: app.workbooks, messages, timeZone: store.timeZone }),
  );

  // Modules written by the code generator, found in modules/generated (core/generated-modules.ts).
  for (const module of await generatedModules())
    await app.register(async (scope) => module.register(scope, store), { prefix: module.prefix });

  await installConsole(app, config.webDist, config.tenantMode ? { tenantMode: true } : {});
  return app;
}
