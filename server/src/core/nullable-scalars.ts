/**
 * The request validator coerces types (Fastify's default, `coerceTypes: 'array'`: a query string's
 * "5" is read as 5), and a nullable field is written `Nullable(X)`, an anyOf whose first branch is
 * null. Ajv tries that branch first and coerces to it: a 0 or a false sent for a nullable number or
 * boolean became null before the route saw it (a user's "must change password: 0", a hospital's level 0).
 *
 * So the validator sees such a field as one JSON Schema type list, `{ ...X, type: [X.type, 'null'] }`:
 * a value of either type is taken as it is, a value of neither is coerced as before (an empty query
 * parameter to null, "7" to 7), and X's limits apply to numbers only, as they did. Only what ajv
 * compiles is rewritten: the contract's schemas stay TypeBox unions for everything else that reads
 * them (TypeBox's own checks, the API document, the table definitions).
 *
 * A nullable string keeps its anyOf: there "" becoming null is what an optional text means.
 */

/** The scalar types a null branch must not take values of by coercion. */
const SCALAR_TYPES = new Set(['integer', 'number', 'boolean']);

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `anyOf: [null, X]` (either order) with X a single scalar type: X, else undefined. */
function nullableScalar(schema: Schema): Schema | undefined {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || !branches.every(isSchema)) return undefined;
  const nullAt = branches.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
  if (nullAt === -1) return undefined;
  const other = branches[1 - nullAt]!;
  return typeof other.type === 'string' && SCALAR_TYPES.has(other.type) ? other : undefined;
}

/** The schema as the validator should compile it (a new object where anything changed). */
export function nullableScalarsAsTypeLists(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map(nullableScalarsAsTypeLists);
    return items.some((item, at) => item !== schema[at]) ? items : schema;
  }
  if (!isSchema(schema)) return schema;
  const scalar = nullableScalar(schema);
  if (scalar) {
    const { anyOf: _anyOf, ...annotations } = schema;
    return { ...scalar, ...annotations, type: [scalar.type, 'null'] };
  }
  let changed: Schema | undefined;
  for (const [key, value] of Object.entries(schema)) {
    const rewritten = nullableScalarsAsTypeLists(value);
    if (rewritten !== value) (changed ??= { ...schema })[key] = rewritten;
  }
  return changed ?? schema;
}
