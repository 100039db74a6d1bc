import type { Client, ClientInput, Page } from '@console/contract';
import { badRequest, notFound } from '../../../core/errors.js';

import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';

import { ClientRepository, clientTable } from './client.repository.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { removeAll } from '../../../core/entity-service.js';

/** OAuth2 grant types a client may list (those this server issues tokens for, and the standard rest). */
export const GRANT_TYPES = [
  'password',
  'captcha',
  'refresh_token',
  'social',
  'authorization_code',
  'client_credentials',
  'implicit',
];

const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * Clients (spec §7, "client"): platform-wide, the platform administrator's only (S3, S4). The
 * secret is write-only (S5). Every change reaches the guard's client cache in every process.
 */
export class ClientService {
  readonly #clients: ClientRepository;

  constructor(
    private readonly store: Store,
    private readonly clientsChanged: () => Promise<void>,
  ) {
    this.#clients = new ClientRepository(store);
  }

  list(query: Record<string, unknown>): Promise<Page<Client>> {
    return this.#clients.page(PLATFORM, parseListQuery(query, clientTable, this.store.timeZone));
  }

  async detail(id: string): Promise<Client> {
    const client = await this.#clients.findById(PLATFORM, id);
    if (!client) throw notFound();
    return client;
  }

  async submit(actor: Actor, input: ClientInput): Promise<Client> {
    const id = input.id || undefined;
    const grantTypes = input.authorizedGrantTypes
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = grantTypes.filter((type) => !GRANT_TYPES.includes(type));
    if (grantTypes.length === 0 || unknown.length > 0)
      throw badRequest('client.grantTypeUnknown', { types: unknown.join(',') || input.authorizedGrantTypes });
    const secret = text(input.clientSecret);
    if (id === undefined && !secret) throw badRequest('client.clientSecret.required');
    const values = {
      clientId: input.clientId.trim(),
      ...(secret ? { clientSecret: secret } : {}),
      scope: input.scope.trim(),
      authorizedGrantTypes: [...new Set(grantTypes)].join(','),
      accessTokenValidity: input.accessTokenValidity,
      refreshTokenValidity: input.refreshTokenValidity,
      webServerRedirectUri: text(input.webServerRedirectUri),
      resourceIds: text(input.resourceIds),
      authorities: text(input.authorities),
      additionalInformation: text(input.additionalInformation),
      autoapprove: text(input.autoapprove),
    };
    const saved = await inTransaction(this.store, async (tx) => {
      const clients = new ClientRepository(tx);
      if (id !== undefined && !(await clients.findById(PLATFORM, id))) throw notFound();
      const holder = await clients.findByClientId(values.clientId);
      if (holder && holder.id !== id)
        throw badRequest('client.clientId.exists', { clientId: values.clientId });
      const written = values as Partial<Client>;
      if (id === undefined) return (await clients.findById(PLATFORM, await clients.insert(actor, written)))!;
      if (!(await clients.update(actor, id, written))) throw notFound();
      return (await clients.findById(PLATFORM, id))!;
    });
    await this.clientsChanged();
    return saved;
  }

  /** Removes all of the ids or none; never the client the caller is using. */
  async remove(actor: Actor, rawIds: string, callerClientId: string): Promise<number> {
    // Clients are platform-wide (not tenant-scoped): the remover's own tenant does not narrow them.
    const removed = await removeAll(
      this.store,
      (tx) => new ClientRepository(tx),
      actor,
      rawIds,
      (found) => {
        const own = found.find((client) => client.clientId === callerClientId);
        if (own) throw badRequest('client.inUse', { clientId: own.clientId });
      },
    );
    await this.clientsChanged();
    return removed.length;
  }
}
