import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewedSessionKey, AccountStates, type AccountState } from '../../src/core/auth/account-states.js';
import type { ClientRecord } from '../../src/core/auth/access-rules.js';
import { installGuard, revokedSessionKey } from '../../src/core/auth/guard.js';
import { Permissions, type ApiScopeRule } from '../../src/core/auth/permissions.js';
import { TokenSigner, type SessionClaims } from '../../src/core/auth/tokens.js';
import { MemoryCache } from '../../src/core/cache/memory-cache.js';

// The guard's fast path (core/auth/guard-fast-path.ts) decides from what is in memory; the plain
// rules (guard.ts) read what they need. Every rule is asked here of a real Fastify app with the
// guard, through both: a request answered cold (nothing held yet) and again warm (all held), with
// the fast path on and off, must get the same answer, and the one the rule gives.

const CLIENT: ClientRecord = {
  clientId: 'saber',
  clientSecret: 'saber_secret',
  status: 1,
  grantTypes: ['password'],
  accessTokenValidity: 3600,
  refreshTokenValidity: 3600,
};
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const GOOD_CLIENT = basic('saber', 'saber_secret');

/** Users by id: their account state (roles r-staff with menu `param`, r-other with nothing). */
const states = new Map<string, AccountState>();
const state = (roles: string[], extra: Partial<AccountState> = {}): AccountState => ({
  userStatus: 1,
  tokenValidAfter: null,
  tenantStatus: 1,
  tenantExpiresAt: null,
  roles: roles.map((id) => ({ id, alias: id === 'r-admin' ? 'admin' : id })),
  ...extra,
});
const GRANTS: Record<string, string[]> = { 'r-staff': ['param', 'param_add'], 'r-scoped': [] };
const RULES: ApiScopeRule[] = [
  { id: 'scope-guarded', pattern: '/api/t/guarded-by-scope', method: null },
  { id: 'scope-open-menu', pattern: '/api/t/scoped-menu', method: 'GET' },
];
const SCOPES: Record<string, string[]> = { 'r-scoped': ['scope-open-menu'] };

interface Guarded {
  app: FastifyInstance;
  cache: MemoryCache;
  signer: TokenSigner;
  accounts: AccountStates;
  permissions: Permissions;
  /** The clients' copies held: a client changed is a new record here (as client-cache.ts). */
  clientCopies: Map<string, ClientRecord | undefined>;
}

async function guardedApp(fastPath: boolean): Promise<Guarded> {
  const cache = new MemoryCache();
  const signer = new TokenSigner(new TextEncoder().encode('k'.repeat(64)));
  const accounts = new AccountStates(cache, async (_tenantId, userId) => states.get(userId));
  const permissions = new Permissions(cache, {
    grants: async (p) => ({
      codes: new Set(p.roleIds.flatMap((id) => GRANTS[id] ?? [])),
      apiScopeIds: new Set(p.roleIds.flatMap((id) => SCOPES[id] ?? [])),
    }),
    apiScopeRules: async () => RULES,
  });
  const entries = new Map<string, ClientRecord | undefined>();
  const clients = {
    peek: (id: string) => (entries.has(id) ? { client: entries.get(id) } : undefined),
    find: async (id: string) => {
      if (!entries.has(id)) entries.set(id, id === CLIENT.clientId ? CLIENT : undefined);
      return entries.get(id);
    },
  };
  const app = Fastify();
  app.decorateRequest('t', function (key: string) {
    return key;
  });
  app.decorateRequest('actor', null);
  installGuard(app, { clients, accounts, signer, cache, permissions }, fastPath);
  const answer = async (req: FastifyRequest) => ({
    user: (req as unknown as { actor: { userId?: string } | null }).actor?.userId ?? null,
    ownOnly: req.ownOnly,
  });
  app.get('/api/t/public', { config: { access: 'public' } }, answer);
  app.get('/api/t/menu', { config: { menu: 'param' } }, answer);
  app.get('/api/t/scoped-menu', { config: { menu: 'param' } }, answer);
  app.get('/api/t/own', { config: { menu: 'param', ownWithoutMenu: true } }, answer);
  app.get('/api/t/button', { config: { button: 'param_add' } }, answer);
  app.get('/api/t/everyone', { config: { everyone: 'own' } }, answer);
  app.get('/api/t/guarded-by-scope', { config: { everyone: 'own' } }, answer);
  app.get('/api/t/admin', { config: { access: 'administrator' } }, answer);
  app.get('/api/t/password', { config: { everyone: 'own', firstStep: true } }, answer);
  await app.ready();
  return { app, cache, signer, accounts, permissions, clientCopies: entries };
}

const claims = (userId: string, roleIds: string, sid = `sid-${userId}`): SessionClaims => ({
  tenant_id: '000000',
  user_id: userId,
  account: userId,
  user_name: userId,
  real_name: userId,
  nick_name: userId,
  dept_id: '',
  post_id: '',
  role_id: roleIds,
  role_name: roleIds,
  client_id: 'saber',
  sid,
});

describe('the guard, fast path and plain rules alike', () => {
  const apps: Guarded[] = [];
  beforeAll(async () => {
    states.set('staff', state(['r-staff']));
    states.set('other', state(['r-other']));
    states.set('scoped', state(['r-scoped']));
    states.set('admin', state(['r-admin', 'r-staff']));
    states.set('disabled', state(['r-staff'], { userStatus: 0 }));
    states.set('must-change', state(['r-staff'], { passwordChangeRequired: true }));
    // Tokens issued before this instant are refused, unless their session was renewed after it.
    states.set('invalidated', state(['r-staff'], { tokenValidAfter: Date.now() + 60_000 }));
    states.set('renewed', state(['r-staff'], { tokenValidAfter: Date.now() + 60_000 }));
    apps.push(await guardedApp(true), await guardedApp(false));
  });
  afterAll(async () => {
    for (const { app } of apps) await app.close();
  });

  /** Status, body code (or user and ownOnly) of one request to each app, asked twice. */
  async function ask(
    url: string,
    who: { user: string; roles: string; client?: string; otherClient?: boolean } | { client: string } | null,
  ) {
    const answers: string[] = [];
    for (const { app, signer, cache } of apps) {
      const headers: Record<string, string> = { authorization: GOOD_CLIENT };
      if (who && 'client' in who && who.client !== undefined) headers.authorization = who.client;
      if (who && 'user' in who) {
        const issued = claims(who.user, who.roles);
        if (who.otherClient) issued.client_id = 'sword';
        const { token } = await signer.sign(issued, 'access', 600);
        headers['blade-auth'] = `bearer ${token}`;
        if (who.user === 'renewed')
          await cache.set(renewedSessionKey(issued.sid), String(Date.now() + 60_000));
        if (who.user === 'revoked') await cache.set(revokedSessionKey(issued.sid), '1');
      }
      for (let time = 0; time < 3; time++) {
        const res = await app.inject({ method: 'GET', url, headers });
        const body = res.json() as { msg?: string; user?: string | null; ownOnly?: boolean };
        answers.push(
          res.statusCode === 200 ? `200 ${body.user} ${body.ownOnly}` : `${res.statusCode} ${body.msg}`,
        );
      }
    }
    // Fast path on (cold, warm, warm) then off (the same): one answer throughout.
    expect(new Set(answers).size, answers.join(' | ')).toBe(1);
    return answers[0];
  }

  it('asks a known client for public routes', async () => {
    expect(await ask('/api/t/public', null)).toBe('200 null false');
    expect(await ask('/api/t/public', { client: basic('saber', 'wrong') })).toBe('401 auth.clientInvalid');
    expect(await ask('/api/t/public', { client: basic('nobody', 'saber_secret') })).toBe(
      '401 auth.clientInvalid',
    );
    expect(await ask('/api/t/public', { client: 'Bearer x' })).toBe('401 auth.clientInvalid');
  });

  it('asks a signed-in user in good standing for user routes', async () => {
    expect(await ask('/api/t/menu', { user: 'staff', roles: 'r-staff' })).toBe('200 staff false');
    expect(await ask('/api/t/menu', { client: GOOD_CLIENT })).toBe('401 error.unauthorized');
    expect(await ask('/api/t/menu', { user: 'staff', roles: 'r-staff', otherClient: true })).toBe(
      '401 error.unauthorized',
    );
    expect(await ask('/api/t/menu', { user: 'disabled', roles: 'r-staff' })).toBe('401 error.unauthorized');
    expect(await ask('/api/t/menu', { user: 'nobody', roles: 'r-staff' })).toBe('401 error.unauthorized');
  });

  it('refuses a session ended by logout, and a token older than its invalidation unless its session was renewed', async () => {
    states.set('revoked', state(['r-staff']));
    expect(await ask('/api/t/menu', { user: 'revoked', roles: 'r-staff' })).toBe('401 error.unauthorized');
    expect(await ask('/api/t/menu', { user: 'invalidated', roles: 'r-staff' })).toBe(
      '401 error.unauthorized',
    );
    expect(await ask('/api/t/menu', { user: 'renewed', roles: 'r-staff' })).toBe('200 renewed false');
  });

  it('lets a password that must change open only the routes for changing it', async () => {
    expect(await ask('/api/t/menu', { user: 'must-change', roles: 'r-staff' })).toBe(
      '403 auth.passwordChangeRequired',
    );
    expect(await ask('/api/t/password', { user: 'must-change', roles: 'r-staff' })).toBe(
      '200 must-change false',
    );
  });

  it('asks for the administrator, the button, the API scope and the menu', async () => {
    expect(await ask('/api/t/admin', { user: 'staff', roles: 'r-staff' })).toBe('403 error.forbidden');
    expect(await ask('/api/t/admin', { user: 'admin', roles: 'r-admin' })).toBe('200 admin false');
    expect(await ask('/api/t/button', { user: 'staff', roles: 'r-staff' })).toBe('200 staff false');
    expect(await ask('/api/t/button', { user: 'other', roles: 'r-other' })).toBe('403 error.noButton');
    expect(await ask('/api/t/guarded-by-scope', { user: 'staff', roles: 'r-staff' })).toBe(
      '403 error.apiScope',
    );
    expect(await ask('/api/t/everyone', { user: 'other', roles: 'r-other' })).toBe('200 other false');
    expect(await ask('/api/t/menu', { user: 'other', roles: 'r-other' })).toBe('403 error.noMenu');
    // A role not held any more counts for nothing, whatever the token says.
    expect(await ask('/api/t/menu', { user: 'other', roles: 'r-staff' })).toBe('403 error.noMenu');
    expect(await ask('/api/t/scoped-menu', { user: 'scoped', roles: 'r-scoped' })).toBe('200 scoped false');
    expect(await ask('/api/t/scoped-menu', { user: 'staff', roles: 'r-staff' })).toBe('403 error.apiScope');
    expect(await ask('/api/t/own', { user: 'other', roles: 'r-other' })).toBe('200 other true');
  });

  it('answers at once a change to what it held: a logout, a disabled user, an invalidation, a grant taken', async () => {
    for (const guarded of apps) {
      const { app, signer, cache, accounts, permissions, clientCopies } = guarded;
      const status = async (token: string, url = '/api/t/menu') =>
        (
          await app.inject({
            method: 'GET',
            url,
            headers: { authorization: GOOD_CLIENT, 'blade-auth': `bearer ${token}` },
          })
        ).statusCode;
      const session = async (user: string, roles: string[]) => {
        states.set(user, state(roles));
        const issued = claims(user, roles.join(','), `sid-${user}-${guarded === apps[0] ? 'fast' : 'plain'}`);
        const { token } = await signer.sign(issued, 'access', 600);
        expect(await status(token)).toBe(roles.includes('r-staff') ? 200 : 403); // everything now held
        return { token, sid: issued.sid };
      };

      const loggedOut = await session('later-logged-out', ['r-staff']);
      await cache.set(revokedSessionKey(loggedOut.sid), '1');
      expect(await status(loggedOut.token)).toBe(401);

      const disabled = await session('later-disabled', ['r-staff']);
      states.set('later-disabled', state(['r-staff'], { userStatus: 0 }));
      await accounts.invalidate({ userId: 'later-disabled' });
      expect(await status(disabled.token)).toBe(401);

      const invalidated = await session('later-invalidated', ['r-staff']);
      states.set('later-invalidated', state(['r-staff'], { tokenValidAfter: Date.now() + 60_000 }));
      await accounts.invalidate({ userId: 'later-invalidated' });
      expect(await status(invalidated.token)).toBe(401);
      await cache.set(renewedSessionKey(invalidated.sid), String(Date.now() + 60_000));
      expect(await status(invalidated.token)).toBe(200);

      const clientChanged = await session('client-changed', ['r-staff']);
      clientCopies.set('saber', { ...CLIENT, clientSecret: 'a new secret' });
      expect(await status(clientChanged.token)).toBe(401);
      clientCopies.set('saber', { ...CLIENT, status: 0 });
      expect(await status(clientChanged.token)).toBe(401);
      clientCopies.set('saber', { ...CLIENT });
      expect(await status(clientChanged.token)).toBe(200);

      const withoutMenu = await session('without-menu', ['r-other']);
      await permissions.invalidate();
      expect(await status(withoutMenu.token)).toBe(403);
      expect(await status(withoutMenu.token)).toBe(403);

      const losesMenu = await session('loses-menu', ['r-staff']);
      GRANTS['r-staff'] = ['param_add'];
      await permissions.invalidate();
      try {
        expect(await status(losesMenu.token)).toBe(403);
      } finally {
        GRANTS['r-staff'] = ['param', 'param_add'];
        await permissions.invalidate();
      }
    }
  });
});
