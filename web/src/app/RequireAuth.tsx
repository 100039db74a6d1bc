import { Navigate, Outlet } from 'react-router';
import { useSession } from './session/session-store';

/** The navigation guard: routes below it open only with a session; without one the user signs in. */
export function RequireAuth() {
  const token = useSession((state) => state.token);
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}
