import { create } from 'zustand';
import { readStore, removeStore } from '../storage';

const TOKEN_STORE = 'token';

interface SessionState {
  /** The access token sent as `Blade-Auth: bearer <token>`; undefined when signed out. */
  token: string | undefined;
  /** Ends the session in this browser only: the server is not told. */
  logoutLocal: () => void;
}

function readStoredToken(): string | undefined {
  const token = readStore(TOKEN_STORE);
  // An empty token is no session (spec §2, navigation guard).
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export const useSession = create<SessionState>()((set) => ({
  token: readStoredToken(),
  logoutLocal: () => {
    removeStore(TOKEN_STORE);
    set({ token: undefined });
  },
}));

export const getToken = (): string | undefined => useSession.getState().token;

export const logoutLocal = (): void => useSession.getState().logoutLocal();
