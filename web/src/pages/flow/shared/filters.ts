import type { QueryParams } from '../../../api/request';

/**
 * The search's filters with some fields renamed to the server's (the wire's `key` of a definition
 * is filtered as `processKey`): `key` and `key_equal` become `processKey` and `processKey_equal`.
 */
export function renameFilters(filters: QueryParams, names: Readonly<Record<string, string>>): QueryParams {
  return Object.fromEntries(
    Object.entries(filters).map(([field, value]) => {
      const at = field.indexOf('_');
      const name = at > 0 ? field.slice(0, at) : field;
      const renamed = names[name];
      return [renamed === undefined ? field : `${renamed}${field.slice(name.length)}`, value];
    }),
  );
}
