import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's schema compilers, shared by every app this process builds. Fastify otherwise creates
 * a new Ajv (with its formats and keywords) per app and compiles every route's validator and
 * response serializer again, although most routes' schemas are the same from app to app. A
 * deployment builds one app per process, so there this only saves compiling a schema that several
 * routes share (a CRUD kit's page of an entity); the integration tests build hundreds of apps in
 * one worker, and compiling was a third of their CPU time.
 *
 * A compiled function is reused for a schema with the same JSON: both compilers read only the
 * schema's JSON (TypeBox's symbol-keyed metadata is not part of it), and what they produce is a
 * pure function of it. Ajv keeps a validator's last `errors` on the function, read right after the
 * call, as it already does for one schema shared by several routes of one app.
 */

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type SerializerCompile = ReturnType<SerializerFactory>;
type Serializer = ReturnType<SerializerCompile>;
type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type ValidatorCompile = ReturnType<ValidatorFactory>;
type Validator = ReturnType<ValidatorCompile>;

/** One compiled function per compiler options (with the app's shared schemas) and schema JSON. */
function memoized<TRoute extends { schema?: unknown }, TCompiled>(
  caches: Map<string, Map<string, TCompiled>>,
  options: unknown,
  compile: (route: TRoute) => TCompiled,
): (route: TRoute) => TCompiled {
  const optionsKey = JSON.stringify(options);
  let cache = caches.get(optionsKey);
  if (!cache) caches.set(optionsKey, (cache = new Map()));
  const compiled = cache;
  return (route) => {
    const key = JSON.stringify(route.schema);
    let fn = compiled.get(key);
    if (fn === undefined) compiled.set(key, (fn = compile(route)));
    return fn;
  };
}

/** Ajv pools its instances by options and external schemas: one Ajv per set, not one per app. */
const ajvPool = AjvCompiler();
const validators = new Map<string, Map<string, Validator>>();
const buildValidator: ValidatorFactory = (externalSchemas, options) =>
  memoized(
    validators,
    [externalSchemas, options?.customOptions, options?.mode],
    ajvPool(externalSchemas, options),
  ) as ValidatorCompile;

const serializerFactory = SerializerSelector();
const serializers = new Map<string, Map<string, Serializer>>();
const buildSerializer: SerializerFactory = (externalSchemas, serializerOptions) =>
  memoized(
    serializers,
    [externalSchemas, serializerOptions],
    serializerFactory(externalSchemas, serializerOptions),
  );

/** Fastify's `schemaController` option. */
export const sharedSchemaCompilers: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator, buildSerializer },
};
