import { EVENT_STREAM_PATH, type SessionEndReason } from '@console/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { principalOf } from '../../../core/auth/guard.js';
import type { EventHub } from '../../../core/events/event-hub.js';

/**
 * GET /api/blade-desk/stream: the signed-in user's event stream (Server-Sent Events; decision 0039).
 * Authenticated as every call is (Blade-Auth), so the console reads it with fetch, not EventSource;
 * `Last-Event-ID` asks for what was missed since. Every signed-in user may open their own.
 */
export const streamRoutes: FastifyPluginAsync<{
  events: EventHub;
  watchSession: (req: FastifyRequest) => Promise<() => Promise<SessionEndReason | null>>;
}> = async (app, { events, watchSession }) => {
  app.get(EVENT_STREAM_PATH, { config: { everyone: 'own', background: true } }, async (req, reply) => {
    const principal = principalOf(req);
    const lastEventId = req.headers['last-event-id'];
    await events.open(
      reply,
      {
        tenantId: principal.tenantId,
        userId: principal.userId,
        sessionId: principal.sessionId,
        expiresAt: principal.expiresAt * 1000,
        ended: await watchSession(req),
      },
      typeof lastEventId === 'string' ? lastEventId : undefined,
    );
  });
};
