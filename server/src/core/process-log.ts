import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pino, type Bindings, type DestinationStream, type Level, type Logger } from 'pino';
import { DEFAULT_LOG_SLOW_MS } from './config.js';
import { redact } from './redact.js';

// The process log (docs/operations.md, "Logs"): JSON lines on stdout, each line of a request with
// its id (`reqId`). Every line passes through the one redaction (core/redact.ts) as it is written:
// whatever a line holds — a URL, headers, an error's message or stack — no secret reaches stdout.
//
// Request lines (RequestLines): at `debug` and `trace`, every request's start (with its headers)
// and end. At `info`, only the end of a request that failed (5xx) or was slow (LOG_SLOW_MS): a
// person starting the server sees what needs a look, not a stream of JSON. 4xx answers are the
// caller's mistakes, answered as designed (the API log keeps every failed write and sign-in):
// at `debug` only.
//
// At `warn` and above there are no request lines, and Fastify's logger would still cost every
// request a pino child and a pair of response listeners that only time and log the answer
// (docs/decisions/0032-a-lighter-fixed-path.md). So at those levels Fastify runs without a logger of
// its own: `app.log` is the process log, and a request's `req.log` makes its child, with the
// request id, only when it writes a line.

type LoggingOptions = Pick<
  FastifyServerOptions,
  'logger' | 'loggerInstance' | 'logController' | 'childLoggerFactory'
>;

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

/** Fastify's lines about requests, at the levels the header comment gives. */
class RequestLines extends LogController {
  constructor(
    /** `debug` or `trace`: a line at every request's start and end. */
    private readonly everyRequest: boolean,
    private readonly slowMs: number,
  ) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.everyRequest) request.log.debug({ req: request, headers: request.headers }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (reply.statusCode >= 500 || responseTime >= this.slowMs) {
      reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
    } else if (this.everyRequest) {
      reply.log.debug({ req: request, res: reply, responseTime }, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.everyRequest) request.log.debug({ req: request }, 'route not found');
  }
}

/** A written line, redacted: parsed, masked field by field, written again. */
function redactLine(line: string): string {
  try {
    return `${JSON.stringify(redact(JSON.parse(line)))}\n`;
  } catch {
    return redact(line);
  }
}

export interface ProcessLogOptions {
  /** A request slower than this (ms) is logged at `info` (LOG_SLOW_MS). */
  slowMs?: number;
  /** Replaces stdout (tests). */
  destination?: DestinationStream;
}

/** The process log at `level`. */
export function processLog(level: FastifyBaseLogger['level'], options: ProcessLogOptions = {}): ProcessLog {
  const root = pino(
    { level, serializers: { err: pino.stdSerializers.err }, hooks: { streamWrite: redactLine } },
    options.destination,
  );
  if (WRITES_REQUEST_LINES.has(level)) {
    return {
      fastifyOptions: {
        loggerInstance: root,
        logController: new RequestLines(level !== 'info', options.slowMs ?? DEFAULT_LOG_SLOW_MS),
      },
      appLogger: null,
    };
  }
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
