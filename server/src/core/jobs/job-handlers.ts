import type { PermissionCode } from '@console/contract';
import type { TObject } from 'typebox';
import type { Principal } from '../auth/principal.js';
import type { Actor } from '../repository/store.js';

// What a scheduled job may run (issue 49): handlers registered in code at start, each with a name,
// whose jobs may use it, and the schema of its parameters. A job names a handler and gives it
// parameters that the schema checks when the job is saved; nothing else from a request (no code,
// script, SQL or address) is ever run.

/** What a run gives its handler. */
export interface JobRunContext<P> {
  /** The job's tenant, as the server acting for it: its rows, no one's data scope narrower. */
  actor: Actor;
  /** The job's name, as its page shows it (for what the handler writes). */
  jobName: string;
  /** The job's parameters, checked against the handler's schema. */
  params: P;
  /**
   * The job's owner (its creator) to act for, with their roles and data scopes: rejects (the run
   * fails) when they are no longer active or do not hold `button`.
   */
  owner(button: PermissionCode): Promise<Principal>;
  /**
   * Aborted at the job's timeout, when a user stops the run, or when the process stops: a handler
   * that can stops then.
   */
  signal: AbortSignal;
}

export interface JobHandler<P = unknown> {
  /** Stable: jobs name it (`blade_job.handler`). */
  name: string;
  /** platform: the platform tenant's jobs only (server-wide work); tenant: any tenant's. */
  scope: 'platform' | 'tenant';
  /** What it does, in the console's first language (its page shows it). */
  title: string;
  /** The parameters (a JSON object); `{}` when it takes none. */
  params: TObject;
  /**
   * True when the handler ends soon after its signal aborts, so that a user may stop a run (停止).
   * A handler of one short statement need not say so.
   */
  stoppable?: boolean;
  /** Does the work; the text answered is the run's output (short: it is cut to the log's size). */
  run(context: JobRunContext<P>): Promise<string | void>;
}

/** The handlers of this server, by name. */
export class JobHandlers {
  readonly #byName = new Map<string, JobHandler>();

  register<P>(handler: JobHandler<P>): this {
    if (this.#byName.has(handler.name)) throw new Error(`job handler ${handler.name} registered twice`);
    this.#byName.set(handler.name, handler as JobHandler);
    return this;
  }

  get(name: string): JobHandler | undefined {
    return this.#byName.get(name);
  }

  list(): JobHandler[] {
    return [...this.#byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
