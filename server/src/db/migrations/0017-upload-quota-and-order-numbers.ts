import type { Kysely } from 'kysely';

// Upload quotas and order numbers per tenant (issue 44, items 5 and 8): filled in by the change
// that brings them.

export async function up(_db: Kysely<unknown>): Promise<void> {}
