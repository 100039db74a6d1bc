import type { FastifyInstance } from 'fastify';
import type { Store } from '../../core/repository/store.js';
import { LogWriter, type LogWriterOptions } from './log-writer.js';
import { LogRepository, type LogSink } from './log.repository.js';
import { logRoutes } from './log.routes.js';
import { LogService } from './log.service.js';
import { LOGIN_LOG_PREFIX, loginLogRoutes } from './login-log.routes.js';
import { LoginLogService } from './login-log.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The batched api/error/usual/login log writer (flushed on close). */
    logWriter: LogWriter;
    /** Reading and purging the logs. */
    logService: LogService;
    /** Reading the login log (the other logs' reads, with its outcomes and the users' locks). */
    loginLogService: LoginLogService;
  }
}

export interface LogsDependencies {
  store: Store;
  /** Days a log row is kept (LOG_RETENTION_DAYS; default 90). */
  retentionDays?: number;
  /** The writer's batching, and (tests) a store standing in for the database. */
  writer?: LogWriterOptions & { sink?: (database: LogSink) => LogSink };
}

/**
 * The logs (spec §7, "Logs"): the writer every area records through, started first so that the
 * request hooks can record; old rows are purged by the platform's 日志清理 job (log-jobs.ts). The writer's
 * last rows are written when the app closes (app.close() lets in-flight requests finish before
 * onClose hooks run).
 */
export function startLogs(app: FastifyInstance, deps: LogsDependencies): LogWriter {
  const sink = new LogRepository(deps.store);
  const writer = new LogWriter(
    deps.writer?.sink ? deps.writer.sink(sink) : sink,
    deps.store.ids,
    app.log,
    deps.writer,
  );
  writer.start();
  app.decorate('logWriter', writer);
  app.addHook('onClose', () => writer.close());
  const service = new LogService(deps.store, deps.retentionDays ?? 90);
  app.decorate('logService', service);
  app.decorate('loginLogService', new LoginLogService(deps.store, service));
  return writer;
}

/** The log pages' routes (/api/blade-log; the login log's unlock is user.plugin.ts'). */
export async function registerLogs(app: FastifyInstance): Promise<void> {
  await app.register(logRoutes, { prefix: '/api/blade-log', logs: app.logService });
  await app.register(loginLogRoutes, { prefix: LOGIN_LOG_PREFIX, logins: app.loginLogService });
}
