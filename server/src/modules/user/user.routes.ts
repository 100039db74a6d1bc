import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { parseIdList } from '../../core/ids.js';
import { principalOf } from '../../core/auth/guard.js';
import { registerCrudRoutes } from '../../core/crud-routes.js';
import { registerImportRoutes } from '../../core/workbook/sheet-import-routes.js';
import { Envelope, IdQuery, OptionalText, RequiredText } from '../../core/schema.js';
import type { AuthService } from '../auth/auth.service.js';
import type { UserAdminService } from './user-admin.service.js';
import {
  PasswordChangeSchema,
  PasswordPolicySchema,
  ResetPasswordSchema,
  UpdatePlatformSchema,
  UserGrantQuery,
  UserIdsQuery,
  UserInfoInputSchema,
  UserInfoSchema,
  UserInputSchema,
  UserPlatformSchema,
  UserSchema,
  UserUpdateSchema,
  UserOptionSchema,
} from '@console/contract/schema';
import type { UserService } from './user.service.js';

const GuestRegistrationSchema = Type.Object({
  tenantId: RequiredText(12, { label: 'register.tenantId', required: 'register.tenantId.required' }),
  name: OptionalText(20, { label: 'register.name' }),
  account: RequiredText(45, { label: 'register.account', required: 'register.account.required' }),
  // The MD5 of the typed password, as at sign-in: 32 hex characters.
  password: Type.String({
    pattern: '^[0-9a-fA-F]{32}$',
    'x-label': 'register.password',
    'x-required': 'register.password.required',
  }),
  oauthId: Type.String({ pattern: '^[1-9][0-9]{0,18}$', 'x-label': 'register.oauthId' }),
});

/** The console sends some forms as query parameters (as BladeX consoles do); JSON bodies work too. */
const queryAsBody = async (req: { query: unknown; body: unknown }) => {
  req.body = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) };
};

/** The password fields of the user forms (submit, update-password). */
const PASSWORD_FIELDS = ['password', 'password2', 'oldPassword', 'newPassword', 'newPassword1'] as const;

/**
 * SpringBlade's console sends the typed passwords of its user forms as typed, and its server
 * digests them (issue 20); the spec's console sends the digest. Under SpringBlade's prefix the
 * typed text is turned into the digest the shared handlers take, so either way the stored hash is
 * of the typed password and nothing else changes.
 */
const digestTypedPasswords = async (req: { body: unknown }) => {
  const body = req.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return;
  for (const field of PASSWORD_FIELDS) {
    const typed = body[field];
    if (typeof typed === 'string' && typed !== '')
      body[field] = createHash('md5').update(typed, 'utf8').digest('hex');
  }
};

/**
 * /api/blade-user: the signed-in user's own record, guest registration, and the user page (spec §7,
 * "User"). The user page's calls need the page (menu code `user`) or its buttons, and see only the
 * users within the caller's data scope.
 */
export const userRoutes: FastifyPluginAsyncTypebox<{
  auth: AuthService;
  users: UserService;
  admin: UserAdminService;
  /** SpringBlade's dialect (/api/blade-system/user): typed passwords in its forms. */
  typedPasswords?: boolean;
}> = async (app, { auth, users, admin, typedPasswords = false }) => {
  const passwords = typedPasswords ? [digestTypedPasswords] : [];
  app.post(
    '/register-guest',
    {
      schema: { body: GuestRegistrationSchema },
      config: { access: 'public' },
      preValidation: queryAsBody,
    },
    async (req) => {
      await auth.registerGuest(req.body);
      return ok(true, req.t('register.submitted'));
    },
  );

  app.post(
    '/unlock',
    {
      schema: { querystring: UserIdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'user_unlock' },
    },
    async (req) => {
      const ids = parseIdList(req.query.userIds);
      if (!ids) throw badRequest('ids.invalid');
      await auth.unlock(req.actor, ids);
      return ok(true, req.t('user.unlocked'));
    },
  );

  app.get(
    '/info',
    {
      schema: { response: { 200: Envelope(UserInfoSchema) } },
      config: { access: 'user', everyone: 'own', firstStep: true },
    },
    async (req) => ok(await users.info(principalOf(req)), req.t('ok')),
  );

  // The caller's tenant's password policy: the console checks a typed password against it.
  app.get(
    '/password-policy',
    {
      schema: { response: { 200: Envelope(PasswordPolicySchema) } },
      config: { access: 'user', everyone: 'reference', firstStep: true },
    },
    async (req) => ok(await users.passwordPolicy(principalOf(req)), req.t('ok')),
  );

  // BladeX's user-list: anyone signed in picks a colleague (the leave request's approver).
  app.get(
    '/user-list',
    {
      schema: { response: { 200: Envelope(Type.Array(UserOptionSchema)) } },
      config: { access: 'user', menu: ['user', 'slot', 'work_start'] },
    },
    async (req) => ok(await users.options(principalOf(req)), req.t('ok')),
  );

  app.post(
    '/update-info',
    {
      schema: { body: UserInfoInputSchema, response: { 200: Envelope(UserInfoSchema) } },
      config: { access: 'user', everyone: 'own' },
    },
    async (req) => ok(await users.updateInfo(principalOf(req), req.body), req.t('succeeded')),
  );

  app.post(
    '/update-password',
    {
      schema: { body: PasswordChangeSchema, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', everyone: 'own', firstStep: true },
      preValidation: [queryAsBody, ...passwords],
    },
    async (req) => {
      await users.updatePassword(principalOf(req), req.body, req.client!.refreshTokenValidity);
      return ok(true, req.t('succeeded'));
    },
  );

  registerCrudRoutes(app, {
    entity: UserSchema,
    input: UserInputSchema,
    service: {
      list: (actor, query) => admin.page(actor, query),
      detail: (actor, id) => admin.detail(actor, id),
      // Saving checks the roles given against the caller's own.
      submit: (_actor, input, req) => admin.save(principalOf(req), input),
      remove: (actor, ids) => admin.remove(actor, ids),
    },
    // 导出: the visible columns; dictionary keys as labels, the related ids as the names beside them.
    export: {
      button: 'user_export',
      dicts: { sex: 'sex', userType: 'user_type' },
      names: { roleId: 'roleName', deptId: 'deptName', postId: 'postName' },
      title: 'export.title.user',
    },
    access: {
      read: { access: 'user', button: 'user' },
      submit: { access: 'user', button: { create: 'user_add', update: 'user_edit' } },
      remove: { access: 'user', button: 'user_delete' },
    },
    // The spec's `page`; SpringBlade's console asks the same list as `list`.
    paths: { list: ['/page', '/list'] },
    preValidation: { submit: passwords },
  });

  await registerImportRoutes(app, {
    importer: admin.importer(),
    title: 'user.sheet',
    add: 'user_add',
    edit: 'user_edit',
  });

  app.get(
    '/platform-detail',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(UserPlatformSchema) } },
      config: { access: 'user', button: 'user' },
    },
    async (req) => ok(await admin.platformDetail(req.actor, req.query.id), req.t('ok')),
  );

  app.post(
    '/update',
    {
      schema: { body: UserUpdateSchema, response: { 200: Envelope(UserSchema) } },
      config: { access: 'user', button: 'user_edit' },
    },
    async (req) => ok(await admin.save(principalOf(req), req.body), req.t('updated')),
  );

  app.post(
    '/update-platform',
    {
      schema: { body: UpdatePlatformSchema, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'user_platform' },
      preValidation: queryAsBody,
    },
    async (req) => {
      await admin.updatePlatform(req.actor, req.body.userId, req.body.userType, req.body.userExt ?? null);
      return ok(true, req.t('succeeded'));
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        querystring: UserIdsQuery,
        response: {
          200: Envelope(Type.Array(ResetPasswordSchema)),
        },
      },
      config: { access: 'user', button: 'user_reset' },
    },
    // Each user's new random password, answered this once (decision 0014).
    async (req) => ok(await admin.resetPassword(principalOf(req), req.query.userIds), req.t('succeeded')),
  );

  app.post(
    '/grant',
    {
      schema: { querystring: UserGrantQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'user_role' },
    },
    async (req) => {
      await admin.grant(principalOf(req), req.query.userIds, req.query.roleIds);
      return ok(true, req.t('succeeded'));
    },
  );

  // Approval of pending registrations (status 2 → 1); not a BladeX call.
  app.post(
    '/audit-pass',
    {
      schema: { querystring: UserIdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'user_audit' },
    },
    async (req) => {
      await admin.approve(req.actor, req.query.userIds);
      return ok(true, req.t('user.approved'));
    },
  );
};
