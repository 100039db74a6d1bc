import { CLIENT_LIMITS, type Client, type ClientInput } from '@console/contract';
import type { FormRule } from 'antd';
import './locales';
import * as clientApi from '../../../api/system/client';
import { CrudPage, defineCrud, type StaticOption } from '../../../crud';
import { i18n } from '../../../i18n';

/** The form's row: a client plus the secret field, which the server never answers (write-only). */
type ClientRow = Client & { clientSecret?: string };

/** The grant types the server accepts (server/src/modules/system/client/client.service.ts). */
const GRANT_TYPES = [
  'password',
  'captcha',
  'refresh_token',
  'social',
  'authorization_code',
  'client_credentials',
  'implicit',
] as const;

const grantTypeOptions: StaticOption[] = GRANT_TYPES.map((type) => ({
  value: type,
  label: `system.client.grantType.${type}`,
}));

/** Token lifetimes: whole seconds, at most ten years (the server's bounds). */
const MAX_VALIDITY = 315_360_000;
const validityRules: FormRule[] = [
  {
    // Translated when it runs: the configuration is a module constant that follows the language.
    validator: (_, value: unknown) =>
      value === null ||
      value === undefined ||
      (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_VALIDITY)
        ? Promise.resolve()
        : Promise.reject(new Error(i18n.t('system.client.validityInvalid'))),
  },
];

/**
 * OAuth clients (/api/blade-system/client), the platform administrator's only. The secret is
 * write-only: required when adding, never shown, and on edit an empty field keeps the stored one
 * (the server ignores an absent or empty secret on update), so the dialog has two secret fields,
 * one per mode.
 */
const config = defineCrud<ClientRow, ClientInput>({
  name: 'client',
  title: 'system.client.title',
  rowTitle: 'clientId',
  api: clientApi,
  permissions: { add: 'client_add', edit: 'client_edit', delete: 'client_delete', view: 'client_view' },
  export: { url: '/api/blade-system/client/export', permission: 'client_export' },
  columns: [
    {
      prop: 'clientId',
      label: 'system.client.clientId',
      search: true,
      form: { required: 'system.client.clientIdRequired', maxLength: CLIENT_LIMITS.clientId },
    },
    {
      prop: 'clientSecret',
      label: 'system.client.clientSecret',
      type: 'password',
      table: false,
      form: {
        required: 'system.client.clientSecretRequired',
        maxLength: CLIENT_LIMITS.clientSecret,
        help: 'system.client.clientSecretHelp',
        hideIn: ['edit', 'view'],
      },
    },
    {
      prop: 'clientSecret',
      label: 'system.client.clientSecret',
      type: 'password',
      table: false,
      form: {
        maxLength: CLIENT_LIMITS.clientSecret,
        placeholder: 'system.client.clientSecretKeep',
        help: 'system.client.clientSecretHelp',
        hideIn: ['add', 'view'],
      },
    },
    {
      prop: 'authorizedGrantTypes',
      label: 'system.client.authorizedGrantTypes',
      type: 'select',
      options: grantTypeOptions,
      multiple: true, // sent comma-joined
      // The codes themselves: shorter than the labels, and what OAuth people know.
      table: { content: 'text', render: (value) => value.split(',').join(', ') },
      form: {
        required: 'system.client.authorizedGrantTypesRequired',
        initialValue: ['refresh_token', 'password'],
        span: 24,
      },
    },
    {
      prop: 'scope',
      label: 'system.client.scope',
      table: { width: 100 },
      form: { required: 'system.client.scopeRequired', maxLength: CLIENT_LIMITS.scope, initialValue: 'all' },
    },
    {
      prop: 'webServerRedirectUri',
      label: 'system.client.webServerRedirectUri',
      table: { ellipsis: true },
      form: { maxLength: CLIENT_LIMITS.webServerRedirectUri },
    },
    {
      prop: 'accessTokenValidity',
      label: 'system.client.accessTokenValidity',
      type: 'number',
      table: { content: 'number', align: 'right' },
      form: {
        required: 'system.client.accessTokenValidityRequired',
        rules: validityRules,
        initialValue: 3600,
      },
    },
    {
      prop: 'refreshTokenValidity',
      label: 'system.client.refreshTokenValidity',
      type: 'number',
      table: { content: 'number', align: 'right' },
      form: {
        required: 'system.client.refreshTokenValidityRequired',
        rules: validityRules,
        initialValue: 604_800,
      },
    },
    {
      prop: 'resourceIds',
      label: 'system.client.resourceIds',
      table: false,
      form: { maxLength: CLIENT_LIMITS.resourceIds },
    },
    {
      prop: 'authorities',
      label: 'system.client.authorities',
      table: false,
      form: { maxLength: CLIENT_LIMITS.authorities },
    },
    {
      prop: 'autoapprove',
      label: 'system.client.autoapprove',
      table: false,
      form: { maxLength: CLIENT_LIMITS.autoapprove },
    },
    {
      prop: 'additionalInformation',
      label: 'system.client.additionalInformation',
      type: 'textarea',
      table: false,
      form: { maxLength: CLIENT_LIMITS.additionalInformation },
    },
  ],
});

export default function ClientPage() {
  return <CrudPage config={config} />;
}
