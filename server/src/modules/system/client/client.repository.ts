import type { Client } from '@console/contract';
import { ClientSchema } from '@console/contract/schema';
import type { ClientRecord } from '../../../core/auth/guard.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import { PLATFORM } from '../../../core/repository/actors.js';

export type { Client };

/** OAuth clients (blade_client): platform-wide; the secret never leaves the server (S5). */
export const clientTable = defineTable(
  ClientSchema,
  'blade_client',
  { tenantScoped: false },
  {
    filter: [
      'clientId',
      'resourceIds',
      'scope',
      'authorizedGrantTypes',
      'webServerRedirectUri',
      'accessTokenValidity',
      'refreshTokenValidity',
    ],
    sort: ['clientId', 'accessTokenValidity', 'refreshTokenValidity'],
    writeOnly: { clientSecret: 'string' },
  },
);

export class ClientRepository extends TableRepository<Client, 'blade_client'> {
  constructor(store: Store) {
    super(store, clientTable);
  }

  /** The client with its secret, for the guard's Basic check only. */
  async findCredentials(clientId: string): Promise<ClientRecord | undefined> {
    const row = await this.scopedSelect(PLATFORM)
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      clientId: String(row.client_id),
      clientSecret: String(row.client_secret),
      status: Number(row.status),
      grantTypes: String(row.authorized_grant_types)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      accessTokenValidity: Number(row.access_token_validity),
      refreshTokenValidity: Number(row.refresh_token_validity),
    };
  }

  /** The client that holds a client id, if any (its secret stays here). */
  async findByClientId(clientId: string): Promise<Client | undefined> {
    const row = await this.scopedSelect(PLATFORM)
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }
}
