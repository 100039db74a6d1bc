import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { nullableScalarsAsTypeLists } from './nullable-scalars.js';

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
 *
 * And a schema is compiled when a request first needs it, not at start-up: most of the ≈ 400
 * routes' validators and serializers are never used by a given process (a device gateway, a worker
 * behind the balancer, a test's server), and compiled they held several MB of generated code in an
 * idle server and a second of CPU at every start. A schema that cannot be compiled therefore fails
 * its route's first request (a 500), not the start (docs/decisions/0024).
 */

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type SerializerCompile = ReturnType<SerializerFactory>;
type Serializer = ReturnType<SerializerCompile>;
type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type ValidatorCompile = ReturnType<ValidatorFactory>;
type Validator = ReturnType<ValidatorCompile>;
/** What Fastify passes a validator compiler: the route and the part's schema. */
type RouteSchema = { schema?: unknown; [key: string]: unknown };

/**
 * One function per compiler options (with the app's shared schemas) and schema JSON, made by
 * `lazy` from a compile that has not run yet.
 */
function memoized<TRoute extends { schema?: unknown }, TCompiled>(
  caches: Map<string, Map<string, TCompiled>>,
  options: unknown,
  compile: (route: TRoute) => TCompiled,
  lazy: (compile: () => TCompiled) => TCompiled,
): (route: TRoute) => TCompiled {
  const optionsKey = JSON.stringify(options);
  let cache = caches.get(optionsKey);
  if (!cache) caches.set(optionsKey, (cache = new Map()));
  const functions = cache;
  return (route) => {
    const key = JSON.stringify(route.schema);
    let fn = functions.get(key);
    if (fn === undefined) functions.set(key, (fn = lazy(() => compile(route))));
    return fn;
  };
}

/** Compiles once, on the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * A validator that compiles on its first use. Fastify reads `schemaEnv` (an Ajv function's: it then
 * passes the parent data, so that a coerced root value is written back) and, after a failed call,
 * `errors`: both are the compiled function's.
 */
function lazyValidator(compile: () => Validator): Validator {
  const compiled = once(compile);
  const validate = ((...args: unknown[]) => {
    const fn = compiled() as unknown as (...a: unknown[]) => unknown;
    const result = fn(...args);
    (validate as { errors?: unknown }).errors = (fn as { errors?: unknown }).errors;
    return result;
  }) as unknown as Validator;
  Object.defineProperty(validate, 'schemaEnv', {
    get: () => (compiled() as { schemaEnv?: unknown }).schemaEnv,
  });
  return validate;
}

const lazySerializer = (compile: () => Serializer): Serializer => {
  const compiled = once(compile);
  return (doc) => compiled()(doc);
};

/** Ajv pools its instances by options and external schemas: one Ajv per set, not one per app. */
const ajvPool = AjvCompiler();
const validators = new Map<string, Map<string, Validator>>();
const buildValidator: ValidatorFactory = (externalSchemas, options) => {
  const compile = ajvPool(externalSchemas, options) as unknown as (route: RouteSchema) => Validator;
  return memoized(
    validators,
    [externalSchemas, options?.customOptions, options?.mode],
    // A nullable number or boolean is compiled as a type list, so a 0 or false is not made null.
    (route: RouteSchema) => compile({ ...route, schema: nullableScalarsAsTypeLists(route.schema) }),
    lazyValidator,
  ) as ValidatorCompile;
};

const serializerFactory = SerializerSelector();
const serializers = new Map<string, Map<string, Serializer>>();
const buildSerializer: SerializerFactory = (externalSchemas, serializerOptions) =>
  memoized(
    serializers,
    [externalSchemas, serializerOptions],
    serializerFactory(externalSchemas, serializerOptions),
    lazySerializer,
  );

/** Fastify's `schemaController` option. */
export const sharedSchemaCompilers: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator, buildSerializer },
};
