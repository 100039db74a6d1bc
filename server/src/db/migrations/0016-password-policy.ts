import type { Kysely } from 'kysely';

// The password policy (issue 44, item 9): filled in by the change that brings it.

export async function up(_db: Kysely<unknown>): Promise<void> {}
