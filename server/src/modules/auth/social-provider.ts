import type { SocialProviderSettings } from '../../core/config.js';
import type { SocialProfile } from '../user/user-oauth.repository.js';

/** A third-party sign-in provider: where to send the person, and who they are after they come back. */
export interface SocialProvider {
  readonly source: string;
  authorizeUrl(state: string): string;
  /** Exchanges the authorisation code for the person's profile; throws when the provider refuses. */
  profile(code: string): Promise<SocialProfile>;
}

const PROVIDER_TIMEOUT_MS = 10_000;

/** Any OAuth2 provider with the authorization-code flow and a JSON user-info endpoint. */
export class OAuth2Provider implements SocialProvider {
  readonly source: string;

  constructor(private readonly settings: SocialProviderSettings) {
    this.source = settings.source;
  }

  authorizeUrl(state: string): string {
    const url = new URL(this.settings.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', this.settings.redirectUri);
    url.searchParams.set('state', state);
    if (this.settings.scope) url.searchParams.set('scope', this.settings.scope);
    return url.toString();
  }

  async profile(code: string): Promise<SocialProfile> {
    const tokenResponse = await fetch(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.settings.redirectUri,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const token = (await tokenResponse.json().catch(() => ({}))) as { access_token?: string };
    if (!tokenResponse.ok || !token.access_token) throw new Error(`${this.source}: the code was refused`);

    const infoResponse = await fetch(this.settings.userInfoUrl, {
      headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const info = (await infoResponse.json().catch(() => ({}))) as Record<string, unknown>;
    const f = this.settings.fields ?? {};
    const text = (key: string) => (info[key] === undefined || info[key] === null ? null : String(info[key]));
    const uuid = text(f.uuid ?? 'id');
    if (!infoResponse.ok || !uuid) throw new Error(`${this.source}: no user information`);
    return {
      uuid,
      username: text(f.username ?? 'login'),
      nickname: text(f.nickname ?? 'name'),
      avatar: text(f.avatar ?? 'avatar_url'),
      email: text(f.email ?? 'email'),
    };
  }
}
