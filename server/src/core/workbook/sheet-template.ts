import { translate, type Language } from '../i18n.js';
import type { ImportColumn, SheetImporter } from './sheet-import.js';
import { IMPORT_MAX_ROWS } from './sheet-import.js';
import type { BookSheet, DropDown, Workbooks } from './workbooks.js';

// An import's template (issue 52): the columns to fill; a second sheet explaining each (required,
// a key column, the texts it takes); a third of the choices, which the first sheet's drop-downs
// offer (a dictionary's labels, related records' names).

/** The texts a column's drop-down offers: its dictionary's labels, or the related records'. */
function choicesOf(column: ImportColumn): readonly string[] {
  return column.labels ? [...column.labels.shown.values()] : (column.choices ?? []);
}

export function templateWorkbook<I>(
  workbooks: Workbooks,
  columns: ImportColumn[],
  importer: Pick<SheetImporter<I>, 'schema' | 'keys'>,
  language: Language,
  signal: AbortSignal,
): Promise<Buffer> {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const required = new Set((importer.schema as { required?: string[] }).required ?? []);
  const choiceColumns = columns.filter((c) => choicesOf(c).length > 0);
  const choicesName = t('import.template.choices');

  const notes: BookSheet = {
    name: t('import.template.notes'),
    header: [t('import.template.column'), t('import.template.required'), t('import.template.explanation')],
    widths: [22, 10, 70],
    rows: columns.map((c) => {
      const said = [
        c.note ? t(c.note) : null,
        importer.keys.includes(c.field) ? t('import.template.keyColumn') : null,
        choicesOf(c).length > 0 ? translate(language, 'import.template.oneOf', { sheet: choicesName }) : null,
      ].filter((s): s is string => s !== null);
      return [
        t(c.header),
        required.has(c.field) ? t('import.template.yes') : t('import.template.no'),
        said.join(' '),
      ];
    }),
  };
  const longest = Math.max(0, ...choiceColumns.map((c) => choicesOf(c).length));
  const choices: BookSheet = {
    name: choicesName,
    header: choiceColumns.map((c) => t(c.header)),
    widths: choiceColumns.map(() => 24),
    rows: Array.from({ length: longest }, (_, i) => choiceColumns.map((c) => choicesOf(c)[i] ?? null)),
  };
  const quoted = `'${choicesName.replace(/'/g, "''")}'`;
  const dropDowns: DropDown[] = choiceColumns.map((c, i) => {
    const letter = String.fromCharCode(65 + i);
    return {
      column: columns.indexOf(c),
      source: `${quoted}!$${letter}$2:$${letter}$${choicesOf(c).length + 1}`,
      rows: Math.min(IMPORT_MAX_ROWS, 5_000),
    };
  });
  const sheets: BookSheet[] = [
    {
      name: t('import.template.rows'),
      header: columns.map((c) => t(c.header)),
      widths: columns.map((c) => c.width ?? 18),
      rows: [],
    },
    notes,
    ...(choiceColumns.length > 0 ? [choices] : []),
  ];
  return workbooks.book(
    sheets,
    dropDowns.filter((d) => d.column < 26 * 27),
    signal,
  );
}
