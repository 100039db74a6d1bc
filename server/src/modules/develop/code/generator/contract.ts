import type { FieldPlan, GeneratedFile, ModulePlan } from './plan.js';
import { commentText, stringLiteral } from './source-text.js';

// packages/contract/src/generated/<module>.ts: the entity and its input as TypeBox schemas (the one
// source of both sides' types), the texts' limits, and the module's permission codes added to the
// contract's list by declaration merging (buttons.ts, GeneratedPermissionCodes).

/** A day of the calendar, leap years counted: 'YYYY-MM-DD'. */
const DAY =
  '(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';
/** A moment of such a day: 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss'. */
const MOMENT = `${DAY} (?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d)?`;

/** The input's pattern of a date or datetime field (the server reads only what it matches). */
export const wirePattern = (kind: 'date' | 'datetime', required: boolean) =>
  `^(?:${kind === 'date' ? DAY : MOMENT})${required ? '' : '?'}$`;

/** The permission codes of the module's page: the menu, then its buttons. */
export const buttonsOf = (plan: ModulePlan) =>
  (['add', 'edit', 'delete', 'view'] as const).map((alias) => `${plan.code}_${alias}`);

const messageKey = (plan: ModulePlan, field: FieldPlan, suffix = '') =>
  stringLiteral(`${plan.camel}.${field.field}${suffix}`);

function entityType(field: FieldPlan): string {
  const type =
    field.kind === 'int' ? 'Type.Integer()' : field.kind === 'decimal' ? 'Type.Number()' : 'Type.String()';
  return field.required ? type : `Nullable(${type})`;
}

function inputType(plan: ModulePlan, field: FieldPlan): { code: string; uses: string[] } {
  const label = messageKey(plan, field);
  const required = messageKey(plan, field, '.required');
  const text = field.required ? `{ label: ${label}, required: ${required} }` : `{ label: ${label} }`;
  const annotations = field.required
    ? `'x-label': ${label}, 'x-required': ${required}`
    : `'x-label': ${label}`;
  const optional = (type: string) => `Type.Optional(Nullable(${type}))`;
  const limit = `${plan.constant}_LIMITS.${field.field}`;
  switch (field.kind) {
    case 'string':
    case 'text':
      return field.required
        ? { code: `RequiredText(${limit}, ${text})`, uses: ['RequiredText'] }
        : { code: `OptionalText(${limit}, ${text})`, uses: ['OptionalText'] };
    case 'int':
      return field.required
        ? { code: `IntegerField(${text})`, uses: ['IntegerField'] }
        : { code: optional(`IntegerField(${text})`), uses: ['IntegerField', 'Nullable'] };
    case 'bigint':
      return field.required
        ? { code: `Type.String({ pattern: ID_PATTERN, ${annotations} })`, uses: ['ID_PATTERN'] }
        : {
            code: optional(
              `Type.Union([Type.String({ pattern: ID_PATTERN, ${annotations} }), Type.Literal('')])`,
            ),
            uses: ['ID_PATTERN', 'Nullable'],
          };
    case 'decimal':
      return field.required
        ? { code: `Type.Number({ ${annotations} })`, uses: [] }
        : { code: optional(`Type.Number({ ${annotations} })`), uses: ['Nullable'] };
    case 'date':
    case 'datetime': {
      const pattern = stringLiteral(wirePattern(field.kind, field.required));
      return field.required
        ? { code: `Type.String({ pattern: ${pattern}, ${annotations} })`, uses: [] }
        : { code: optional(`Type.String({ pattern: ${pattern}, ${annotations} })`), uses: ['Nullable'] };
    }
  }
}

export function contractFile(plan: ModulePlan): GeneratedFile {
  const texts = plan.fields.filter((field) => field.kind === 'string' || field.kind === 'text');
  const inputs = plan.fields.map((field) => ({ field, ...inputType(plan, field) }));
  const imports = new Set(['AuditFieldsSchema', 'SubmitId', ...inputs.flatMap((input) => input.uses)]);
  if (plan.fields.some((field) => !field.required)) imports.add('Nullable');
  const codes = [plan.code, ...buttonsOf(plan)];
  const lines = [
    "import { Type, type Static } from 'typebox';",
    `import { ${[...imports].sort().join(', ')} } from '../schema.js';`,
    '',
    `// ${commentText(`${plan.title} (${plan.table})`)}: written by the code generator (docs/decisions/0021-code-generator.md).`,
    `// The server imports it from ${commentText(`'@console/contract/generated/${plan.kebab}'`)}, the console its types only.`,
    '',
  ];
  if (texts.length > 0) {
    lines.push(
      '/** The longest text of each field: the lengths of its columns. */',
      `export const ${plan.constant}_LIMITS = {`,
      ...texts.map(
        (field) => `  ${field.field}: ${field.length.toLocaleString('en-US').replace(/,/g, '_')},`,
      ),
      '} as const;',
      '',
    );
  }
  lines.push(
    `/** A row of ${commentText(plan.table)}, as the server answers it. */`,
    `export const ${plan.pascal}Schema = Type.Object({`,
    '  ...AuditFieldsSchema,',
    '  tenantId: Type.String(),',
    ...plan.fields.map((field) => `  ${field.field}: ${entityType(field)},`),
    '});',
    `export type ${plan.pascal} = Static<typeof ${plan.pascal}Schema>;`,
    '',
    '/** submit, in the form’s order: no id creates, an id updates. */',
    `export const ${plan.pascal}InputSchema = Type.Object(`,
    '  {',
    '    id: SubmitId,',
    ...inputs.map((input) => `    ${input.field.field}: ${input.code},`),
    '  },',
    '  { additionalProperties: false },',
    ');',
    `export type ${plan.pascal}Input = Static<typeof ${plan.pascal}InputSchema>;`,
    '',
    '// The page’s menu and button codes join the contract’s list (routes and pages accept only listed codes).',
    "declare module '../buttons.js' {",
    '  interface GeneratedPermissionCodes {',
    ...codes.map((code) => `    ${code}: true;`),
    '  }',
    '}',
    '',
  );
  return { path: `packages/contract/src/generated/${plan.kebab}.ts`, content: lines.join('\n') };
}
