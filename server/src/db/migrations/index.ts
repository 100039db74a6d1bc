import type { Migration, MigrationProvider } from 'kysely';
import * as coreTables from './0001-core-tables.js';
import * as signIn from './0002-sign-in.js';
import * as socialIdentities from './0003-social-identities.js';

// Migrations are imported, not read from a folder, so the same list runs from src/ and dist/.
// Append new ones; never edit or reorder one that has shipped.
const migrations: Record<string, Migration> = {
  '0001-core-tables': coreTables,
  '0002-sign-in': signIn,
  '0003-social-identities': socialIdentities,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
