import { PLATFORM_TENANT_ID, type PermissionCode } from '@console/contract';
import type { Actor } from '../repository/store.js';

/** The signed-in caller, as the guard establishes it from a verified token. */
export interface Principal extends Actor {
  userId: string;
  account: string;
  roleIds: string[];
  roleAliases: string[];
  clientId: string;
  /** The access token's id and expiry (seconds), for logout. */
  jti: string;
  expiresAt: number;
  /** The sign-in session shared by the access and refresh tokens it issued. */
  sessionId: string;
  /** The user must change the password before anything else (guard: routes marked passwordChange). */
  passwordChangeRequired?: boolean;
}

export const PLATFORM_ADMIN_ALIAS = 'administrator';
export const TENANT_ADMIN_ALIAS = 'admin';

/**
 * Who may call a route. Declared on the route (`config: { access }`) and enforced by the one guard:
 * - open: anything, no client either (health checks from load balancers);
 * - public: a known client, no user (sign-in, captcha, guest registration, tenant info);
 * - user (the default): a signed-in user;
 * - administrator: a tenant's administrator or the platform administrator;
 * - platform-admin: the platform administrator (tenant 000000) only.
 */
export type Access = 'open' | 'public' | 'user' | 'administrator' | 'platform-admin';

/**
 * The button (permission code, a menu of category 2) a route needs, checked by the guard against
 * the menus the caller's roles are granted (MenuService.allowedMenuIds); the platform administrator
 * passes. A submit route that creates and updates names both: the caller needs `create` for a body
 * without an id and `update` for one with an id.
 */
export type ButtonRequirement = PermissionCode | { create: PermissionCode; update: PermissionCode };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    button?: ButtonRequirement;
    /**
     * A further button the request's body asks for (an apk update that publishes needs apk_publish
     * as well): checked by the guard once the body is read; null asks for none.
     */
    bodyButton?: (body: unknown) => PermissionCode | null;
    /**
     * Answers a user who must change their password first (a generated, reset or seeded one):
     * what the change needs (update-password, own info, the policy, logout). Every other route
     * answers them 403.
     */
    passwordChange?: true;
  }
}

/** The platform administrator: alias `administrator` in the platform tenant. */
export function isPlatformAdminActor(actor: Pick<Actor, 'tenantId' | 'roleAliases'>): boolean {
  return actor.tenantId === PLATFORM_TENANT_ID && (actor.roleAliases ?? []).includes(PLATFORM_ADMIN_ALIAS);
}

export function isPlatformAdmin(p: Principal): boolean {
  return isPlatformAdminActor(p);
}

export function isAdministrator(p: Principal): boolean {
  return isAdministratorActor(p);
}

/**
 * A tenant's administrator or the platform administrator, from the role records the actor carries.
 * The server acting for itself (no roles) is neither: callers that exempt it check roleIds first.
 */
export function isAdministratorActor(actor: Pick<Actor, 'tenantId' | 'roleAliases'>): boolean {
  const aliases = actor.roleAliases ?? [];
  return (
    isPlatformAdminActor(actor) ||
    aliases.includes(TENANT_ADMIN_ALIAS) ||
    aliases.includes(PLATFORM_ADMIN_ALIAS)
  );
}
