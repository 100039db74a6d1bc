import { CLIENT_LIMITS } from '../entities.js';
import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

/** A client as answered: never the secret (S5). */
export const ClientSchema = Type.Object({
  ...AuditFieldsSchema,
  clientId: Type.String(),
  resourceIds: Nullable(Type.String()),
  scope: Type.String(),
  authorizedGrantTypes: Type.String(),
  webServerRedirectUri: Nullable(Type.String()),
  authorities: Nullable(Type.String()),
  accessTokenValidity: Type.Integer(),
  refreshTokenValidity: Type.Integer(),
  additionalInformation: Nullable(Type.String()),
  autoapprove: Nullable(Type.String()),
});

const TEN_YEARS = 315_360_000;

/** submit, in the form's order. The secret is required when creating; empty on update keeps it. */
export const ClientInputSchema = Type.Object(
  {
    id: SubmitId,
    clientId: RequiredText(CLIENT_LIMITS.clientId, {
      label: 'client.clientId',
      required: 'client.clientId.required',
    }),
    clientSecret: OptionalText(CLIENT_LIMITS.clientSecret, { label: 'client.clientSecret' }),
    scope: RequiredText(CLIENT_LIMITS.scope, { label: 'client.scope', required: 'client.scope.required' }),
    authorizedGrantTypes: RequiredText(CLIENT_LIMITS.authorizedGrantTypes, {
      label: 'client.authorizedGrantTypes',
      required: 'client.authorizedGrantTypes.required',
    }),
    accessTokenValidity: IntegerField(
      { label: 'client.accessTokenValidity', required: 'client.accessTokenValidity.required' },
      { minimum: 1, maximum: TEN_YEARS },
    ),
    refreshTokenValidity: IntegerField(
      { label: 'client.refreshTokenValidity', required: 'client.refreshTokenValidity.required' },
      { minimum: 1, maximum: TEN_YEARS },
    ),
    webServerRedirectUri: OptionalText(CLIENT_LIMITS.webServerRedirectUri, {
      label: 'client.webServerRedirectUri',
    }),
    resourceIds: OptionalText(CLIENT_LIMITS.resourceIds, { label: 'client.resourceIds' }),
    authorities: OptionalText(CLIENT_LIMITS.authorities, { label: 'client.authorities' }),
    additionalInformation: OptionalText(CLIENT_LIMITS.additionalInformation, {
      label: 'client.additionalInformation',
    }),
    autoapprove: OptionalText(CLIENT_LIMITS.autoapprove, { label: 'client.autoapprove' }),
  },
  { additionalProperties: false },
);

/** An OAuth client (blade_client); platform-wide. The secret is write-only (S5). */
export type Client = Static<typeof ClientSchema>;
export type ClientInput = Static<typeof ClientInputSchema>;
