import type { Cache, Unsubscribe } from '../cache/index.js';
import { HitCounts } from '../cache/hit-counts.js';
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
  /** The value once it has come (for an answer without waiting). */
  settled?: T;
}

/**
 * What a caller may do, known at once: the guard asks for it once per request and decides its
 * rules from it without waiting again (guard.ts).
 */
export interface Rights {
  /** Whether the caller holds the permission code; the platform administrator holds every code. */
  holds(code: string): boolean;
  /**
   * Whether API scopes let the caller call `method path`: yes when no rule covers it, else only
   * when one of the covering rules is granted to the caller's roles. The platform administrator
   * passes. A rule over a path covers the same handler under the other dialect's path too
   * (route-aliases.ts), so both paths answer alike. `path` is the route's pattern.
   */
  apiAllowed(method: string, path: string): boolean;
  /**
   * Whether an API scope granted to the caller's roles covers `method path`: what opens a route that
   * needs a menu to a role without the menu (security S16).
   */
  apiScopeGranted(method: string, path: string): boolean;
}

/** The platform administrator's grants are never read: every code and every path is theirs. */
const NOTHING_GRANTED: Grants = { codes: new Set(), apiScopeIds: new Set() };

export class Permissions {
  readonly #rights = new Map<string, Cached<Rights>>();
  #rules: Cached<ApiScopeRule[]> | null = null;
  /** The rules covering each `method path` (route patterns: a bounded set), for one set of rules. */
  readonly #covering = new WeakMap<ApiScopeRule[], Map<string, ApiScopeRule[]>>();
  #unsubscribe: Unsubscribe | null = null;
  /** Callers' rights found held or read (缓存监控). */
  readonly lookups = new HitCounts();

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
    this.#rights.clear();
    this.#rules = null;
  }

  /** Menus, grants or rules changed: every process forgets what it knew. */
  async invalidate(): Promise<void> {
    this.#drop();
    await this.cache.publish(CHANNEL, '*');
  }

  /** The caller's rights: those of the tenant's set of roles, read once per set and remembered. */
  rightsOf(principal: Principal): Promise<Rights> {
    const platformAdmin = isPlatformAdmin(principal);
    const key = Permissions.#key(principal, platformAdmin);
    const now = Date.now();
    const hit = this.#rights.get(key);
    const fresh = hit !== undefined && hit.until > now;
    this.lookups.count(fresh);
    if (fresh) return hit.value;
    const rules = this.#currentRules();
    // Rights never outlive the rules they were decided with.
    const entry: Cached<Rights> = {
      value: this.#read(principal, platformAdmin, rules.value),
      until: Math.min(now + TTL_MS, rules.until),
    };
    if (this.#rights.size > 10_000) this.#rights.clear();
    this.#rights.set(key, entry);
    entry.value.then(
      (rights) => (entry.settled = rights),
      () => this.#rights.get(key) === entry && this.#rights.delete(key),
    );
    return entry.value;
  }

  /** The caller's rights if read already and fresh, without waiting; undefined when they must be read. */
  rightsNow(principal: Principal): Rights | undefined {
    const platformAdmin = isPlatformAdmin(principal);
    const hit = this.#rights.get(Permissions.#key(principal, platformAdmin));
    const rights = hit && hit.until > Date.now() ? hit.settled : undefined;
    // Without them the guard asks rightsOf, which counts the lookup.
    if (rights) this.lookups.count(true);
    return rights;
  }

  /** The roles in the token's order: a set named in another order is only another entry. */
  static #key(principal: Principal, platformAdmin: boolean): string {
    return `${principal.tenantId}|${principal.roleIds.join(',')}|${platformAdmin}`;
  }

  async #read(
    principal: Principal,
    platformAdmin: boolean,
    currentRules: Promise<ApiScopeRule[]>,
  ): Promise<Rights> {
    const rules = await currentRules;
    const { codes, apiScopeIds } = platformAdmin ? NOTHING_GRANTED : await this.sources.grants(principal);
    const granted = (covering: ApiScopeRule[]) => covering.some((rule) => apiScopeIds.has(rule.id));
    return {
      holds: (code) => platformAdmin || codes.has(code),
      apiAllowed: (method, path) => {
        if (platformAdmin) return true;
        const covering = this.#coveringOf(rules, method, path);
        return covering.length === 0 || granted(covering);
      },
      apiScopeGranted: (method, path) => granted(this.#coveringOf(rules, method, path)),
    };
  }

  #currentRules(): Cached<ApiScopeRule[]> {
    if (this.#rules && this.#rules.until > Date.now()) return this.#rules;
    const entry: Cached<ApiScopeRule[]> = { value: this.sources.apiScopeRules(), until: Date.now() + TTL_MS };
    this.#rules = entry;
    entry.value.catch(() => this.#rules === entry && (this.#rules = null));
    return entry;
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
}
