import { Type, type Static } from 'typebox';

// Issue 52: what an import answers (POST <area>/import, decision 0046), a dry run's or a commit's.

/** A row's problem: its number as the spreadsheet shows it (the header is 1), its column (null: the row). */
export const ImportProblemSchema = Type.Object({
  row: Type.Integer(),
  column: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
});
export type ImportProblem = Static<typeof ImportProblemSchema>;

/** A secret made for a row (an imported user's generated password): told once, to the importer. */
export const ImportSecretSchema = Type.Object({
  row: Type.Integer(),
  account: Type.String(),
  password: Type.String(),
});
export type ImportSecret = Static<typeof ImportSecretSchema>;

/** all: every row or none; valid: the rows without problems. */
export type ImportMode = 'all' | 'valid';

export const ImportReportSchema = Type.Object({
  dryRun: Type.Boolean(),
  mode: Type.Union([Type.Literal('all'), Type.Literal('valid')]),
  /** The key column's field (rows whose key names a record update it), or null: rows are new. */
  key: Type.Union([Type.String(), Type.Null()]),
  /** Data rows read. */
  total: Type.Integer(),
  /** Rows without a problem. */
  valid: Type.Integer(),
  /** Rows stored (0 for a dry run, or a refused all-or-nothing import). */
  imported: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  errors: Type.Array(ImportProblemSchema),
  /** Generated passwords of imported users (a commit only). */
  secrets: Type.Array(ImportSecretSchema),
});
export type ImportReport = Static<typeof ImportReportSchema>;
