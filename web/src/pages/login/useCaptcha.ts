import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaptcha, type Captcha } from '../../api/auth';

interface CaptchaState {
  captcha: Captcha | undefined;
  loading: boolean;
  failed: boolean;
}

/**
 * The current captcha while the sign-in page is open. A captcha is good for one attempt, so it is
 * never cached: leaving the page drops it, and `refresh()` fetches a new one. Only the answer to
 * the latest fetch counts (a slow earlier answer cannot replace a newer captcha).
 */
export function useCaptcha(enabled: boolean) {
  const [state, setState] = useState<CaptchaState>({ captcha: undefined, loading: enabled, failed: false });
  const [generation, setGeneration] = useState(0);
  // One request per generation: StrictMode runs effects twice in development, and a second
  // captcha would silently replace the first one the server issued.
  const request = useRef<{ generation: number; promise: Promise<Captcha> } | undefined>(undefined);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    if (request.current?.generation !== generation) {
      request.current = { generation, promise: fetchCaptcha() };
    }
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    request.current.promise.then(
      (captcha) => current && setState({ captcha, loading: false, failed: false }),
      () => current && setState((previous) => ({ ...previous, loading: false, failed: true })),
    );
    return () => {
      current = false;
    };
  }, [enabled, generation]);

  const refresh = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, refresh };
}
