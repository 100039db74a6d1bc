import type { CodeColumn } from './entities/code.js';
import type { DatasourceTable } from './entities/datasource.js';

// A table's columns as a code record's grid starts: the console's 从表读取列 and a BladeX form's
// record without a grid (the server reads the table) fill it alike.

/** CodeColumnSchema's label and data type limits. */
const LABEL_MAX = 64;
const DATA_TYPE_MAX = 64;

/** The form control a column's engine type suggests. */
export function guessControl(dataType: string): CodeColumn['control'] {
  const type = dataType.toLowerCase();
  if (/int|serial|numeric|decimal|float|double|real/.test(type)) return 'number';
  if (type.includes('text')) return 'textarea';
  if (/date|timestamp/.test(type)) return 'datetime';
  return 'input';
}

/** The grid's rows for a table's columns: a label from the comment, a control from the type. */
export function columnsFromTable(table: DatasourceTable): CodeColumn[] {
  return table.columns.map((column) => ({
    name: column.name,
    label: (column.comment?.trim() || column.name).slice(0, LABEL_MAX),
    dataType: column.dataType.slice(0, DATA_TYPE_MAX),
    control: guessControl(column.dataType),
    required: !column.nullable && !column.hasDefault && !column.autoIncrement,
    searchable: false,
    inTable: true,
    dict: null,
  }));
}
