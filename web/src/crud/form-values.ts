import { inForm, isJoined, isMultiple } from './columns';
import { joinValues, splitValues } from './options';
import type { ColumnShape, CrudFormValues, CrudMode } from './types';

// Between a record and the dialog's form: several-valued fields are arrays in the form and, unless
// the column says otherwise, one comma-joined text on the wire.

/** A new record's starting values: the columns' `initialValue`s. */
export function initialFormValues(columns: readonly ColumnShape[]): CrudFormValues {
  const values: CrudFormValues = {};
  for (const column of columns) {
    const spec = inForm(column, 'add') && typeof column.form === 'object' ? column.form : undefined;
    if (spec?.initialValue !== undefined) values[column.prop] = spec.initialValue;
  }
  return values;
}

/** A record's values for the dialog in `mode`: the shown fields, several-valued ones as arrays. */
export function formValuesOf(
  columns: readonly ColumnShape[],
  record: Readonly<Record<string, unknown>>,
  mode: CrudMode,
): CrudFormValues {
  const values: CrudFormValues = {};
  for (const column of columns) {
    if (!inForm(column, mode)) continue;
    const value = record[column.prop];
    values[column.prop] = isMultiple(column) ? multipleValue(column, value) : value;
  }
  return values;
}

function multipleValue(column: ColumnShape, value: unknown): unknown[] {
  const values = splitValues(value);
  // Parts of a joined text are texts; a numeric dictionary's choices are numbers.
  return column.dict?.numeric ? values.map(Number) : values;
}

/**
 * What the submit call takes by default: the form's values (joined fields comma-joined) and, when
 * editing, the record's key.
 */
export function inputOf(
  columns: readonly ColumnShape[],
  values: Readonly<CrudFormValues>,
  key: { field: string; value: unknown } | undefined,
): CrudFormValues {
  const input: CrudFormValues = { ...values };
  for (const column of columns) {
    if (isJoined(column) && column.prop in input) input[column.prop] = joinValues(input[column.prop]);
  }
  if (key) input[key.field] = key.value;
  return input;
}
