import type { RouteOptions } from 'fastify';

type RouteHookName = 'onResponse' | 'preValidation' | 'preHandler';
type HookOf<N extends RouteHookName> = Extract<NonNullable<RouteOptions[N]>, (...args: never[]) => unknown>;

/** The methods a route answers, as a list. */
export const methodsOf = (route: RouteOptions): readonly string[] =>
  Array.isArray(route.method) ? route.method : [route.method as string];

/**
 * Gives one route a hook of its own, from an onRoute hook: a hook that acts on some routes only is
 * then not a step of every other request (docs/decisions/0032-a-lighter-fixed-path.md). `first`
 * puts it before the route's own hooks of that name (a check), `last` after them.
 */
export function addRouteHook<N extends RouteHookName>(
  route: RouteOptions,
  name: N,
  hook: HookOf<N>,
  at: 'first' | 'last',
): void {
  const own = route[name] as HookOf<N> | HookOf<N>[] | undefined;
  const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
  route[name] = (at === 'first' ? [hook, ...hooks] : [...hooks, hook]) as RouteOptions[N];
}
