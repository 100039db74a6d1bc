import { contractFile } from './contract.js';
import { planModule, type GeneratedFile, type GeneratorInput } from './plan.js';
import { serverFiles } from './server.js';
import { testFile } from './test.js';
import { webFiles } from './web.js';

// The code generator (issue 18; docs/decisions/0021-code-generator.md): a code record and its
// column grid in, the files of a module of this project out, in the shape docs/adding-a-module.md
// describes, each by its path from the project's root. Pure: no database, no file system, no
// clock (the moment that names the migration is given). format.ts lays the files out as the
// project's prettier does.

export type { GeneratedFile, GeneratorInput } from './plan.js';
export { HELPER_COLUMNS, kindOf } from './plan.js';

export function generateModule(input: GeneratorInput): GeneratedFile[] {
  const plan = planModule(input);
  return [contractFile(plan), ...serverFiles(plan), testFile(plan), ...webFiles(plan)];
}

/** The message keys and permission codes a module would add: the service checks them against the console's. */
export { messageEntries } from './server.js';
export { buttonsOf } from './contract.js';
export { planModule } from './plan.js';
