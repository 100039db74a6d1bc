import type { OAuthToken } from '../api/auth';

/** A token answer as the server gives it for the seeded administrator. */
export function tokenAnswer(overrides: Partial<OAuthToken> = {}): OAuthToken {
  return {
    access_token: 'access-1',
    token_type: 'bearer',
    refresh_token: 'refresh-1',
    expires_in: 3600,
    scope: 'all',
    tenant_id: '000000',
    user_id: '1123598821738675201',
    user_name: 'admin',
    real_name: '管理员',
    nick_name: 'admin',
    account: 'admin',
    avatar: '',
    role_id: '1123598816738675201',
    role_name: 'administrator',
    dept_id: '1123598813738675201',
    post_id: '1123598817738675201',
    oauth_id: '',
    client_id: 'saber',
    license: 'powered by console',
    jti: 'jti-1',
    ...overrides,
  };
}
