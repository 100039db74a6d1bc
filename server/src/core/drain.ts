import type http from 'node:http';
import net from 'node:net';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown behind a load balancer (docs/operations.md, "Stopping and deploying";
 * docs/decisions/0015-surviving-faults-and-drain.md):
 *
 * 1. On SIGTERM, /api/ready answers 503 at once (its route asks `draining`), so the balancer takes
 *    the process out of rotation; everything else is served as before for the drain delay, each
 *    answer with `Connection: close` so that keep-alive clients come back through the balancer on a
 *    new connection.
 * 2. Then the listening socket is closed, but only after a turn of the event loop has accepted every
 *    connection the kernel already holds for us (closing it would reset them), and without Node's
 *    closing of "idle" connections, which counts a connection whose request has arrived but not yet
 *    been read as idle and resets it too.
 * 3. Every connection still open is served to its end: a request in flight finishes, a connection
 *    that has not sent its request yet gets a moment to send it; idle keep-alive connections (which
 *    have been answered and sent nothing since) are closed. All this within a cap.
 */
export class Drain {
  #draining = false;
  #accepted = 0;
  /**
   * Per open connection: when it came, how many requests it has sent, and the answer to the latest.
   * Answers on one connection finish in order, so the connection is busy while that one is not
   * finished; keeping it costs no listener per request.
   */
  readonly #sockets = new Map<
    net.Socket,
    { since: number; served: number; latest: http.ServerResponse | null }
  >();

  constructor(private readonly app: FastifyInstance) {
    app.server.on('connection', (socket: net.Socket) => {
      this.#accepted += 1;
      this.#sockets.set(socket, { since: Date.now(), served: 0, latest: null });
      socket.once('close', () => this.#sockets.delete(socket));
    });
    // Before Fastify's own listener, so that the header is set before anything is written.
    app.server.prependListener('request', (req, res) => {
      const state = this.#sockets.get(req.socket);
      if (state) {
        state.served += 1;
        state.latest = res;
      }
      // Keep-alive clients leave at their next answer and reconnect through the balancer.
      if (this.#draining) res.setHeader('connection', 'close');
    });
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** Step 1: readiness goes down; serving goes on. */
  begin(): void {
    this.#draining = true;
  }

  /** Steps 2 and 3: stop accepting, finish what is open. Answers false when the cap cut it short. */
  async stopAccepting(capMs: number, firstRequestGraceMs = 2_000): Promise<boolean> {
    // libuv accepts one connection per turn of the event loop: turn until two turns in a row have
    // taken none, so that the kernel's queue is empty when the listening socket closes (closing it
    // would reset every connection still queued).
    for (let quiet = 0, turns = 0; quiet < 2 && turns < 100_000; turns++) {
      const before = this.#accepted;
      await nextLoopTurn();
      quiet = this.#accepted === before ? quiet + 1 : 0;
    }
    // net.Server's close, not http.Server's (which also drops the connections it thinks idle).
    net.Server.prototype.close.call(this.app.server);
    const deadline = Date.now() + capMs;
    while (this.#sockets.size > 0 && Date.now() < deadline) {
      const now = Date.now();
      for (const [socket, state] of this.#sockets) {
        if (state.latest !== null && !state.latest.writableFinished) continue;
        // Answered and silent since (keep-alive), or connected long ago and never asked anything.
        if (state.served > 0 || now - state.since > firstRequestGraceMs) socket.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const complete = this.#sockets.size === 0;
    for (const socket of this.#sockets.keys()) socket.destroy();
    return complete;
  }
}
