import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { OAuthToken } from '../../api/auth';
import { RequestError } from '../../api/request';
import { LOGIN_PATH } from '../../app/session/guard';
import { loginWithProvider } from '../../app/session/session-actions';
import { website } from '../../config/website';

// A third-party provider sends the person back with `code` and `state` added to the redirect URI the
// server is configured with (SOCIAL_PROVIDERS): /login?source=<source> or BladeX's /oauth/redirect/<source>.

export interface SocialCallback {
  source: string;
  code: string;
  state: string;
}

/** The provider's answer in the sign-in page's query, if it holds one. */
export function readSocialCallback(search: string): SocialCallback | undefined {
  const query = new URLSearchParams(search);
  const [source, code, state] = ['source', 'code', 'state'].map((name) => query.get(name)?.trim());
  return source && code && state ? { source, code, state } : undefined;
}

/** /oauth/redirect/:source: the same answer, handed to the sign-in page as its query. */
export function SocialRedirect() {
  const { source = '' } = useParams();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  query.set('source', source);
  return <Navigate to={`${LOGIN_PATH}?${query.toString()}`} replace />;
}

/**
 * Finishes a third-party sign-in when the page opens with the provider's answer. The code and
 * state work once, so the call is made once and the query is dropped afterwards.
 */
export function useSocialSignIn(onError: (message: string) => void) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  const [pending, setPending] = useState(false);
  const [unlinked, setUnlinked] = useState<OAuthToken>();

  useEffect(() => {
    const callback = readSocialCallback(search);
    if (!callback || started.current) return;
    started.current = true;
    setPending(true);
    loginWithProvider({ tenantId: website.tenantId, ...callback })
      .then((identity) => {
        // Signed in: the navigation guard leads home. Otherwise the page offers registration.
        if (!identity) return;
        setUnlinked(identity);
        void navigate(LOGIN_PATH, { replace: true });
      })
      .catch((failure: unknown) => {
        onError(failure instanceof RequestError ? failure.message : t('request.unreachable'));
        void navigate(LOGIN_PATH, { replace: true });
      })
      .finally(() => setPending(false));
  }, [search, navigate, t, onError]);

  return { pending, unlinked, dismiss: () => setUnlinked(undefined) };
}
