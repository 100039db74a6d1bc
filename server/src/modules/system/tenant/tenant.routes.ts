import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { ApiError } from '../../../core/errors.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { Envelope, Nullable } from '../../../core/schema.js';
import { TenantPackageSchema } from '@console/contract/schema';
import {
  TenantDatasourceQuery,
  TenantInfoQuery,
  TenantInfoSchema,
  TenantInputSchema,
  TenantOptionSchema,
  TenantPackageSettingQuery,
  TenantRefQuery,
  TenantSchema,
  TenantSettingQuery,
  NULL_MEANS_ABSENT,
  PasswordPolicyQuery,
  PasswordPolicySchema,
} from '@console/contract/schema';
import type { SignInLimits } from '../../auth/sign-in-limits.js';
import type { TenantService } from './tenant.service.js';

/**
 * /api/blade-system/tenant (spec §7, "Tenant"): the platform administrator's only (S3, S4) — a
 * tenant's administrator gets 403 — except `info`, which the login page calls before anyone signs
 * in and which answers nothing but the tenant's code, name, domain and background, and `select`,
 * which answers another tenant's administrator only their own tenant's id, code and name, and
 * `password-policy`, which the registration form calls before anyone signs in and which answers
 * nothing but the policy's numbers (rate-limited per address as the captcha is).
 */
export const tenantRoutes: FastifyPluginAsyncTypebox<{
  tenants: TenantService;
  limits: Pick<SignInLimits, 'policyReadAllowed'>;
}> = async (app, { tenants, limits }) => {
  app.get(
    '/info',
    {
      schema: { querystring: TenantInfoQuery, response: { 200: Envelope(TenantInfoSchema) } },
      config: { access: 'public' },
    },
    async (req) => ok(await tenants.info(req.query.domain), req.t('ok')),
  );

  // The numbers only; an unknown tenant answers the defaults, so the read tells no tenant's existence.
  app.get(
    '/password-policy',
    {
      schema: { querystring: PasswordPolicyQuery, response: { 200: Envelope(PasswordPolicySchema) } },
      config: { access: 'public' },
    },
    async (req) => {
      if (!(await limits.policyReadAllowed(req.ip))) throw new ApiError(429, 'tenant.passwordPolicy.tooMany');
      return ok(await tenants.passwordPolicy(req.query.tenantId), req.t('ok'));
    },
  );

  // BladeX's select (the user form's tenant field): administrators, each seeing only what
  // tenant.service.ts select allows (the platform administrator every tenant, others their own).
  app.get(
    '/select',
    {
      schema: { response: { 200: Envelope(Type.Array(TenantOptionSchema)) } },
      config: { access: 'administrator' },
    },
    async (req) => ok(await tenants.select(req.actor), req.t('ok')),
  );

  registerCrudRoutes(app, {
    entity: TenantSchema,
    input: TenantInputSchema,
    service: {
      list: (_actor, query) => tenants.list(query),
      detail: (_actor, id) => tenants.detail(id),
      submit: (actor, input) => tenants.submit(actor, input),
      remove: (actor, ids) => tenants.remove(actor, ids),
    },
    export: { button: 'tenant_export', title: 'export.title.tenant' },
    access: {
      read: { access: 'platform-admin' },
      submit: { access: 'platform-admin', button: { create: 'tenant_add', update: 'tenant_edit' } },
      remove: { access: 'platform-admin', button: 'tenant_delete' },
    },
    // A null in these fields means "leave as it is" (NULL_MEANS_ABSENT): dropped before validation.
    preValidation: {
      submit: async (req) => {
        const body = req.body as Record<string, unknown> | null;
        if (body && typeof body === 'object')
          for (const field of NULL_MEANS_ABSENT) if (body[field] === null) delete body[field];
      },
    },
  });

  app.get(
    '/package-detail',
    {
      schema: { querystring: TenantRefQuery, response: { 200: Envelope(Nullable(TenantPackageSchema)) } },
      config: { access: 'platform-admin' },
    },
    async (req) => ok(await tenants.packageDetail(req.query.tenantId), req.t('ok')),
  );

  app.post(
    '/setting',
    {
      schema: { querystring: TenantSettingQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin', button: 'tenant_setting' },
    },
    async (req) => {
      await tenants.setting(req.actor, req.query.ids, req.query.accountNumber, req.query.expireTime);
      return ok(true, req.t('succeeded'));
    },
  );

  app.post(
    '/datasource',
    {
      schema: { querystring: TenantDatasourceQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin', button: 'tenant_datasource' },
    },
    async (req) => {
      await tenants.datasource(req.actor, req.query.tenantId, req.query.datasourceId);
      return ok(true, req.t('succeeded'));
    },
  );

  app.post(
    '/package-setting',
    {
      schema: { querystring: TenantPackageSettingQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin', button: 'tenant_package_setting' },
    },
    async (req) => {
      await tenants.packageSetting(req.actor, req.query.tenantId, req.query.packageId);
      return ok(true, req.t('succeeded'));
    },
  );
};
