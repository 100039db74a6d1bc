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
  /** The user must change the password before anything else (guard: routes marked firstStep). */
  passwordChangeRequired?: boolean;
  /** The user must set up a second factor before anything else (guard: routes marked firstStep). */
  secondFactorSetupRequired?: boolean;
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
 * without an id and `update` for one with an id. A call several pages make (an upload) names the
 * buttons that make it (`anyOf`): any one of them will do.
 */
export type ButtonRequirement =
  PermissionCode | { create: PermissionCode; update: PermissionCode } | { anyOf: readonly PermissionCode[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    button?: ButtonRequirement;
    /**
     * A further button the request's body asks for (an apk update that publishes needs apk_publish
     * as well; an import that updates by a key column asks for the edit button in its query): checked
     * by the guard once the body is read; null asks for none.
     */
    bodyButton?: (body: unknown, query: unknown) => PermissionCode | null;
    /**
     * Who may call a route of access `user` that needs no button (reads, above all: security S16):
     * the holders of one of these menus, or of an API scope that covers the route.
     */
    menu?: MenuRequirement;
    /**
     * A route that needs a menu answers a caller without it too, with the caller's own items only
     * (their processes, their leave, their departments): the guard sets `req.ownOnly` for the
     * handler, which narrows what it reads.
     */
    ownWithoutMenu?: true;
    /** A route of access `user` that every signed-in user may call: see `Everyone`. */
    everyone?: Everyone;
    /**
     * Answers a user who must take a first step before anything else: change a generated, reset or
     * seeded password, or set up a second factor their tenant or role requires. What those steps need
     * (update-password, the second factor's setup, own info, the policy, logout); every other route
     * answers them 403.
     */
    firstStep?: true;
  }
}

/** The menus (permission codes of category 1, or a page's button) a read needs: any one of them. */
export type MenuRequirement = PermissionCode | readonly PermissionCode[];

/**
 * Why every signed-in user may call a route without a menu (security S16):
 * - own: it answers or changes only the caller's own items (their info, tasks, processes);
 * - reference: reference data every page of the console needs (dictionaries, regions, the menus
 *   and buttons the caller is granted, the tenant's public parameters).
 */
export type Everyone = 'own' | 'reference';

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
