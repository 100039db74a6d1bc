import type { FastifyInstance } from 'fastify';
import { loadGeneratedModules, type GeneratedModuleData } from '../db/generated-modules.js';
import { addMessages, type Language } from './i18n.js';
import type { Store } from './repository/store.js';

// A module written by the code generator (docs/decisions/0021-code-generator.md) is a folder under
// server/src/modules/generated/<name>/ whose `<name>.module.ts` default export is the descriptor
// below. A generated module changes no shared file: the database finds the folders and runs its
// migrations and adds its menu (db/generated-modules.ts); the app registers its routes under its
// prefix (app.ts) and its messages join the catalogue (here, when the app loads it).

/** What `<name>.module.ts` exports (as its default). */
export interface GeneratedModule extends GeneratedModuleData {
  /** The API's base path, e.g. `/api/zxgxg-api/cabinet-door`. */
  prefix: string;
  /** Registers the module's routes on a scope prefixed with `prefix`. */
  register(app: FastifyInstance, store: Store): Promise<void>;
  /** The module's messages in both languages. */
  messages: Record<Language, Readonly<Record<string, string>>>;
}

/** Types a module's descriptor (the generated `<name>.module.ts` default export). */
export const defineGeneratedModule = (module: GeneratedModule): GeneratedModule => module;

let loading: Promise<GeneratedModule[]> | undefined;

/** The generated modules, by name, with their messages added to the catalogue (once per process). */
export function generatedModules(): Promise<GeneratedModule[]> {
  // The same objects the database layer loaded: each is a whole descriptor (defineGeneratedModule).
  loading ??= loadGeneratedModules().then((data) => {
    const modules = data as GeneratedModule[];
    for (const module of modules) addMessages(module.messages);
    return modules;
  });
  return loading;
}
