import path from 'node:path';
import type { GeneratedFile } from './plan.js';

// Generated files are laid out by the project's prettier (its .prettierrc), so that unpacked into
// the project they pass `prettier --check` as written by hand would. Prettier is a development
// tool of the project (the root's devDependencies): where it is not installed (a production
// install), the files come as the generator wrote them, which its templates keep close to that.

interface Prettier {
  format(source: string, options: Record<string, unknown>): Promise<string>;
  resolveConfig(file: string): Promise<Record<string, unknown> | null>;
}

/** The options of the project's .prettierrc (used when the file itself is not found). */
const PROJECT_OPTIONS = { printWidth: 110, singleQuote: true, trailingComma: 'all', semi: true };

let loading: Promise<Prettier | null> | undefined;

function prettier(): Promise<Prettier | null> {
  // A variable name: the server neither bundles nor type-checks against a development tool.
  const name = 'prettier';
  loading ??= (import(name) as Promise<Prettier & { default?: Prettier }>).then(
    (module) => module.default ?? module,
    () => null,
  );
  return loading;
}

/** The files laid out by prettier when it is there, with the options of the project at `root`. */
export async function formatFiles(files: readonly GeneratedFile[], root: string): Promise<GeneratedFile[]> {
  const tool = await prettier();
  if (!tool) return [...files];
  return Promise.all(
    files.map(async (file) => {
      const filepath = path.join(root, file.path);
      const options = (await tool.resolveConfig(filepath).catch(() => null)) ?? PROJECT_OPTIONS;
      return { path: file.path, content: await tool.format(file.content, { ...options, filepath }) };
    }),
  );
}
