import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { pino, type Bindings, type DestinationStream, type Level, type Logger } from 'pino';

// The process log (docs/operations.md, "Logs"): JSON lines on stdout, each line of a request with
// its id (`reqId`).
//
// At `info` and below, Fastify's own logger runs it: a line at every request's start and end. At
// `warn` and above there are no such lines, and Fastify's logger would still cost every request a
// pino child and a pair of response listeners that only time and log the answer (docs/benchmarks.md,
// "A lighter fixed path"). So at those levels Fastify runs without a logger of its own: the process
// log is a pino logger made here, `app.log` is that logger, and a request's `req.log` makes its
// child, with the request id, only when it writes a line.

type LoggingOptions = Pick<FastifyServerOptions, 'logger' | 'childLoggerFactory'>;

export interface ProcessLog {
  /** Fastify's options for this level. */
  readonly fastifyOptions: LoggingOptions;
  /** The logger `app.log` must be set to after Fastify is created; null: Fastify's own is right. */
  readonly appLogger: FastifyBaseLogger | null;
}

const WRITES_REQUEST_LINES = new Set(['trace', 'debug', 'info']);

/** A request's logger: its child of the process log, with the request id, made on its first line. */
class RequestLog {
  #child: Logger | null = null;

  constructor(
    private readonly root: Logger,
    private readonly bindings: Bindings,
  ) {}

  #line(level: Level, args: unknown[]): void {
    if (!this.root.isLevelEnabled(level)) return;
    this.#child ??= this.root.child(this.bindings);
    (this.#child[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.root.level;
  }

  set level(level: string) {
    this.#child ??= this.root.child(this.bindings);
    this.#child.level = level;
  }

  fatal(...args: unknown[]): void {
    this.#line('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#line('error', args);
  }
  warn(...args: unknown[]): void {
    this.#line('warn', args);
  }
  info(...args: unknown[]): void {
    this.#line('info', args);
  }
  debug(...args: unknown[]): void {
    this.#line('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#line('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: object): Logger {
    this.#child ??= this.root.child(this.bindings);
    return this.#child.child(bindings, options);
  }
}

/**
 * The process log at `level`. `destination` (tests) replaces stdout; with Fastify's own logger
 * (`info` and below) it is given to pino the same way.
 */
export function processLog(level: FastifyBaseLogger['level'], destination?: DestinationStream): ProcessLog {
  if (WRITES_REQUEST_LINES.has(level)) {
    return {
      fastifyOptions: { logger: destination ? { level, stream: destination } : { level } },
      appLogger: null,
    };
  }
  const root = pino({ level, serializers: { err: pino.stdSerializers.err } }, destination);
  return {
    fastifyOptions: {
      // Fastify's request lines still ask for `info`, which is off: they cost a level check.
      logger: false,
      childLoggerFactory: (_logger, bindings) =>
        new RequestLog(root, bindings) as unknown as FastifyBaseLogger,
    },
    appLogger: root,
  };
}
