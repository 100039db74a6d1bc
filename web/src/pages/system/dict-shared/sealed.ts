// The server's rule for sealed entries (isSealed 1): the only change it takes is unsealing, with
// nothing else changed, and it never removes one. The pages mirror it: a sealed entry's fields are
// read-only but the seal, and its delete button is disabled.

export const SEALED = 1;

/** Whether a row (or the record in the dialog) is sealed. */
export const isSealed = (row: Readonly<Record<string, unknown>> | { isSealed?: unknown }): boolean =>
  (row as { isSealed?: unknown }).isSealed === SEALED;

/** Whether the row may be deleted. */
export const isRemovable = (row: { isSealed?: unknown }): boolean => !isSealed(row);
