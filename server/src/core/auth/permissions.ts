import type { Cache, Unsubscribe } from '../cache/index.js';
import { isPlatformAdmin, type Principal } from './principal.js';
import { equivalentPaths } from './route-aliases.js';

// What the guard checks beyond the access level: button permissions (a route's `config.button`)
// and API scopes (rules over paths). Both are answered from per-process caches that every process
// drops at once when menus, grants or rules change (the shared cache's `auth:permissions` channel),
// so a request costs no query unless a rule covers its path.

/** What a set of roles of a tenant is granted: permission codes and API scope ids. */
export interface Grants {
  /** Codes of the menus and buttons granted (after MenuService.allowedMenuIds). */
  codes: ReadonlySet<string>;
  /** Ids of the API scopes granted (blade_role_scope, category 2). */
  apiScopeIds: ReadonlySet<string>;
}

/** An API scope rule as the guard matches it. */
export interface ApiScopeRule {
  id: string;
  /** Ant-style pattern over the full path (`/api/...`). */
  pattern: string;
  /** Upper-case HTTP method, or null for every method. */
  method: string | null;
}

export interface PermissionSources {
  grants(principal: Principal): Promise<Grants>;
  apiScopeRules(): Promise<ApiScopeRule[]>;
}

const CHANNEL = 'auth:permissions';
const TTL_MS = 30_000;

/** `*` any characters, `?` one character, within one path segment: linear-time, no regular expression. */
function globSegment(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Ant-style: `*` and `?` within a segment, `**` any number of whole segments. */
export function antMatch(pattern: string, path: string): boolean {
  const p = pattern.split('/').filter((s) => s !== '');
  const s = path.split('/').filter((x) => x !== '');
  const memo = new Map<number, boolean>();
  const match = (i: number, j: number): boolean => {
    const key = i * (s.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === p.length) result = j === s.length;
    else if (p[i] === '**') result = match(i + 1, j) || (j < s.length && match(i, j + 1));
    else result = j < s.length && globSegment(p[i]!, s[j]!) && match(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

/** A rule's path as stored (BladeX paths have no `/api` prefix) → the pattern over request paths. */
export function fullPattern(scopePath: string): string {
  const path = scopePath.trim().startsWith('/') ? scopePath.trim() : `/${scopePath.trim()}`;
  return path === '/api' || path.startsWith('/api/') ? path : `/api${path}`;
}

/** A cached answer: the promise every caller may await. */
interface Cached<T> {
  value: Promise<T>;
  until: number;
}

export class Permissions {
  readonly #grants = new Map<string, Cached<Grants>>();
  #rules: Cached<ApiScopeRule[]> | null = null;
  /** The rules covering each `method path` (route patterns: a bounded set), for one set of rules. */
  readonly #covering = new WeakMap<ApiScopeRule[], Map<string, ApiScopeRule[]>>();
  #unsubscribe: Unsubscribe | null = null;

  constructor(
    private readonly cache: Cache,
    private readonly sources: PermissionSources,
  ) {}

  async start(): Promise<void> {
    this.#unsubscribe = await this.cache.subscribe(CHANNEL, () => this.#drop());
  }

  async stop(): Promise<void> {
    await this.#unsubscribe?.();
  }

  #drop(): void {
    this.#grants.clear();
    this.#rules = null;
  }

  /** Menus, grants or rules changed: every process forgets what it knew. */
  async invalidate(): Promise<void> {
    this.#drop();
    await this.cache.publish(CHANNEL, '*');
  }

  static #grantsKey(principal: Principal): string {
    return `${principal.tenantId}|${[...principal.roleIds].sort().join(',')}`;
  }

  #grantsOf(principal: Principal): Promise<Grants> {
    const key = Permissions.#grantsKey(principal);
    const hit = this.#grants.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const entry: Cached<Grants> = { value: this.sources.grants(principal), until: Date.now() + TTL_MS };
    if (this.#grants.size > 10_000) this.#grants.clear();
    this.#grants.set(key, entry);
    entry.value.catch(() => this.#grants.get(key) === entry && this.#grants.delete(key));
    return entry.value;
  }

  #currentRules(): Promise<ApiScopeRule[]> {
    if (this.#rules && this.#rules.until > Date.now()) return this.#rules.value;
    const entry: Cached<ApiScopeRule[]> = { value: this.sources.apiScopeRules(), until: Date.now() + TTL_MS };
    this.#rules = entry;
    entry.value.catch(() => this.#rules === entry && (this.#rules = null));
    return entry.value;
  }

  /** The rules covering `method path`, worked out once per set of rules (keyed by that set). */
  #coveringOf(rules: ApiScopeRule[], method: string, path: string): ApiScopeRule[] {
    let byRoute = this.#covering.get(rules);
    if (!byRoute) this.#covering.set(rules, (byRoute = new Map()));
    const key = `${method} ${path}`;
    let covering = byRoute.get(key);
    if (!covering) {
      const paths = equivalentPaths(path);
      covering = rules.filter(
        (rule) =>
          (rule.method === null || rule.method === method) &&
          paths.some((each) => antMatch(rule.pattern, each)),
      );
      if (byRoute.size > 10_000) byRoute.clear();
      byRoute.set(key, covering);
    }
    return covering;
  }

  /** Whether the caller holds the permission code; the platform administrator holds every code. */
  async hasCode(principal: Principal, code: string): Promise<boolean> {
    return isPlatformAdmin(principal) || (await this.#grantsOf(principal)).codes.has(code);
  }

  /**
   * Whether API scopes let the caller call `method path`: yes when no rule covers it, else only
   * when one of the covering rules is granted to the caller's roles. The platform administrator
   * passes. A rule over a path covers the same handler under the other dialect's path too
   * (route-aliases.ts), so both paths answer alike. `path` is the route's pattern.
   */
  async apiAllowed(principal: Principal, method: string, path: string): Promise<boolean> {
    if (isPlatformAdmin(principal)) return true;
    const covering = this.#coveringOf(await this.#currentRules(), method, path);
    if (covering.length === 0) return true;
    const granted = (await this.#grantsOf(principal)).apiScopeIds;
    return covering.some((rule) => granted.has(rule.id));
  }

  /**
   * Whether an API scope granted to the caller's roles covers `method path`: what opens a route that
   * needs a menu to a role without the menu (security S16).
   */
  async apiScopeGranted(principal: Principal, method: string, path: string): Promise<boolean> {
    const covering = this.#coveringOf(await this.#currentRules(), method, path);
    if (covering.length === 0) return false;
    const granted = (await this.#grantsOf(principal)).apiScopeIds;
    return covering.some((rule) => granted.has(rule.id));
  }
}
