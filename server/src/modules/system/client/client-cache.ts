import type { FastifyInstance } from 'fastify';
import type { ClientRecord } from '../../../core/auth/guard.js';
import type { Cache } from '../../../core/cache/index.js';
import type { Store } from '../../../core/repository/store.js';
import { ClientRepository } from './client.repository.js';

const CLIENT_CACHE_MS = 60_000;

const CLIENTS_CHANNEL = 'auth:clients';

export interface ClientCache {
  /** The client, from the local copy while it is fresh, else read. */
  find(clientId: string): Promise<ClientRecord | undefined>;
  /** The local copy while it is fresh, without waiting; undefined when it must be read. */
  peek(clientId: string): { client: ClientRecord | undefined } | undefined;
  /** A client changed: every process drops its copies. */
  changed(): Promise<void>;
}

/**
 * Clients change rarely and are read on every call: a minute's local copy is enough, dropped in
 * every process at once when the client page changes one.
 */
export async function startClientCache(
  app: FastifyInstance,
  store: Store,
  cache: Cache,
): Promise<ClientCache> {
  const clients = new ClientRepository(store);
  const entries = new Map<string, { client: ClientRecord | undefined; until: number }>();
  const unsubscribe = await cache.subscribe(CLIENTS_CHANNEL, () => entries.clear());
  app.addHook('onClose', () => unsubscribe());
  const peek = (clientId: string) => {
    const hit = entries.get(clientId);
    return hit && hit.until > Date.now() ? hit : undefined;
  };
  return {
    peek,
    async find(clientId) {
      const hit = peek(clientId);
      if (hit) return hit.client;
      const client = await clients.findCredentials(clientId);
      if (entries.size > 1000) entries.clear();
      entries.set(clientId, { client, until: Date.now() + CLIENT_CACHE_MS });
      return client;
    },
    async changed() {
      entries.clear();
      await cache.publish(CLIENTS_CHANNEL, '*');
    },
  };
}
