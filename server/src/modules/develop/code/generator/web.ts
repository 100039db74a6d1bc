import { buttonsOf } from './contract.js';
import { choosing } from './server.js';
import type { FieldPlan, GeneratedFile, ModulePlan } from './plan.js';
import { commentText, stringLiteral } from './source-text.js';

// The console's files of a generated module: the api binding (crudResource), the page (a CRUD-kit
// configuration, registered by its folder: web/src/pages/registry.ts, `./generated/*/index.tsx`)
// and its texts in both languages (locales.ts). The page imports the contract's types only, so no
// schema code reaches the console's bundles.

const DATE_REGEX = '/^\\d{4}-\\d{2}-\\d{2}$/';
const MOMENT_REGEX = '/^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2})?$/';

/**
 * The page's texts: its title, and each field's label, required message and pattern message in a
 * group of their own, so that no field's name (a column's: `title`, `name_required`) meets a key of
 * the page or of another field.
 */
type TextGroup = 'fields' | 'required' | 'invalid';

function pageColumn(plan: ModulePlan, field: FieldPlan): string[] {
  const text = (group: TextGroup) => stringLiteral(`generated.${plan.camel}.${group}.${field.field}`);
  const lines = ['    {', `      prop: ${stringLiteral(field.field)},`, `      label: ${text('fields')},`];
  if (field.control !== 'input') lines.push(`      type: ${stringLiteral(field.control)},`);
  if (field.dict !== null)
    lines.push(
      `      dict: { code: ${stringLiteral(field.dict)}${field.kind === 'int' || field.kind === 'decimal' ? ', numeric: true' : ''} },`,
    );
  if (!field.inTable) lines.push('      table: false,');
  else {
    const content =
      field.dict !== null
        ? null
        : field.kind === 'int' || field.kind === 'decimal'
          ? 'number'
          : field.kind === 'bigint'
            ? 'code'
            : field.kind === 'date' || field.kind === 'datetime'
              ? field.kind
              : null;
    const spec = [
      content ? `content: ${stringLiteral(content)}` : '',
      field.kind === 'text' ? 'ellipsis: true' : '',
      field.kind !== 'text' ? 'sort: true' : '',
    ].filter(Boolean);
    lines.push(`      table: { ${spec.join(', ')} },`);
  }
  if (field.searchable)
    lines.push(
      field.kind === 'datetime' ? '      search: { range: true, withTime: true },' : '      search: true,',
    );
  const form = [
    field.required ? `required: ${text('required')}` : '',
    field.kind === 'string' || field.kind === 'text' ? `maxLength: ${field.length}` : '',
    field.kind === 'date' || field.kind === 'datetime'
      ? `pattern: { regex: ${field.kind === 'date' ? DATE_REGEX : MOMENT_REGEX}, message: ${text('invalid')} }`
      : '',
  ].filter(Boolean);
  if (form.length > 0) lines.push(`      form: { ${form.join(', ')} },`);
  lines.push('    },');
  return lines;
}

function pageFile(plan: ModulePlan): GeneratedFile {
  const [add, edit, remove, view] = buttonsOf(plan);
  const rowTitle = plan.fields.find((field) => field.kind === 'string' && field.inTable);
  const lines = [
    `import type { ${plan.pascal}, ${plan.pascal}Input } from ${stringLiteral(`@console/contract/generated/${plan.kebab}`)};`,
    "import './locales';",
    `import * as ${plan.camel}Api from ${stringLiteral(`../../../api/generated/${plan.kebab}`)};`,
    "import { CrudPage, defineCrud } from '../../../crud';",
    '',
    `/** ${commentText(`${plan.title} (${plan.prefix})`)}: written by the code generator. */`,
    `const config = defineCrud<${plan.pascal}, ${plan.pascal}Input>({`,
    `  name: ${stringLiteral(plan.kebab)},`,
    `  title: ${stringLiteral(`generated.${plan.camel}.title`)},`,
    ...(rowTitle ? [`  rowTitle: ${stringLiteral(rowTitle.field)},`] : []),
    `  api: ${plan.camel}Api,`,
    `  permissions: { add: ${stringLiteral(add!)}, edit: ${stringLiteral(edit!)}, delete: ${stringLiteral(remove!)}, view: ${stringLiteral(view!)} },`,
    '  columns: [',
    ...plan.fields.flatMap((field) => pageColumn(plan, field)),
    '  ],',
    '});',
    '',
    `export default function ${plan.pascal}Page() {`,
    '  return <CrudPage config={config} />;',
    '}',
    '',
  ];
  return { path: `web/src/pages/generated/${plan.kebab}/index.tsx`, content: lines.join('\n') };
}

type Texts = Array<[key: string, zh: string, en: string]>;

/** The page's texts in both languages: the title, then each group (empty groups left out). */
function pageTexts(plan: ModulePlan): { title: [string, string]; groups: Array<[TextGroup, Texts]> } {
  const groups: Record<TextGroup, Texts> = { fields: [], required: [], invalid: [] };
  for (const field of plan.fields) {
    groups.fields.push([field.field, field.label, field.english]);
    if (field.required)
      groups.required.push([
        field.field,
        `${choosing(field) ? '请选择' : '请输入'}${field.label}`,
        `Please ${choosing(field) ? 'choose' : 'enter'} the ${field.english.toLowerCase()}`,
      ]);
    if (field.kind === 'date' || field.kind === 'datetime')
      groups.invalid.push([
        field.field,
        field.kind === 'date' ? '请按 YYYY-MM-DD 填写' : '请按 YYYY-MM-DD HH:mm:ss 填写',
        field.kind === 'date' ? 'Please write it as YYYY-MM-DD' : 'Please write it as YYYY-MM-DD HH:mm:ss',
      ]);
  }
  return {
    title: [plan.title, plan.englishTitle],
    groups: (Object.entries(groups) as Array<[TextGroup, Texts]>).filter(([, texts]) => texts.length > 0),
  };
}

function localesFile(plan: ModulePlan): GeneratedFile {
  const { title, groups } = pageTexts(plan);
  const catalogue = (language: 'zh' | 'en') => [
    `  title: ${stringLiteral(language === 'zh' ? title[0] : title[1])},`,
    ...groups.flatMap(([group, texts]) => [
      `  ${group}: {`,
      ...texts.map(([key, zh, en]) => `    ${key}: ${stringLiteral(language === 'zh' ? zh : en)},`),
      '  },',
    ]),
  ];
  const lines = [
    "import { addPageTexts } from '../../../i18n/page-texts';",
    '',
    `export const ${plan.camel}Zh = {`,
    ...catalogue('zh'),
    '};',
    '',
    `export const ${plan.camel}En: typeof ${plan.camel}Zh = {`,
    ...catalogue('en'),
    '};',
    '',
    "declare module '../../../i18n/page-texts' {",
    '  interface GeneratedTexts {',
    `    ${plan.camel}: typeof ${plan.camel}Zh;`,
    '  }',
    '}',
    '',
    `addPageTexts('generated', ${stringLiteral(plan.camel)}, ${plan.camel}Zh, ${plan.camel}En);`,
    '',
  ];
  return { path: `web/src/pages/generated/${plan.kebab}/locales.ts`, content: lines.join('\n') };
}

function apiFile(plan: ModulePlan): GeneratedFile {
  const lines = [
    `import type { ${plan.pascal}, ${plan.pascal}Input } from ${stringLiteral(`@console/contract/generated/${plan.kebab}`)};`,
    "import { crudResource } from '../resource';",
    '',
    `/** ${commentText(plan.title)}: list, detail, submit and remove. */`,
    `export const { list, detail, submit, remove } = crudResource<${plan.pascal}, ${plan.pascal}Input>(${stringLiteral(plan.prefix)});`,
    '',
  ];
  return { path: `web/src/api/generated/${plan.kebab}.ts`, content: lines.join('\n') };
}

export function webFiles(plan: ModulePlan): GeneratedFile[] {
  return [apiFile(plan), pageFile(plan), localesFile(plan)];
}
