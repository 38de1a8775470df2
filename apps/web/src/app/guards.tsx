import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { suspendUntilCoreStrings } from '../i18n';
import { useSession } from '../store/session';
import { loginPathFor, safeRedirect } from './redirect';
import { ScreenLoading } from './ScreenLoading';

/** The only screen of a user who signed in with the init password. */
export const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * Unauthenticated visitors go to /login, which brings them back to the whole address afterwards; a locked
 * console only shows /lock. A new tab restoring its session from the refresh token waits here instead.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  const restoring = useSession((state) => state.restoring);
  const isLock = useSession((state) => state.isLock);
  const mustChangePassword = useSession((state) => state.userInfo?.passwordChangeRequired === true);
  const location = useLocation();
  // Until the menu is loaded too: a menu screen's route does not exist before it.
  if (restoring) return <ScreenLoading />;
  if (!token) return <Navigate to={loginPathFor(location)} replace />;
  // The init password is changed before anything else (the server refuses the rest meanwhile).
  if (mustChangePassword !== (location.pathname === CHANGE_PASSWORD_PATH)) {
    return <Navigate to={mustChangePassword ? CHANGE_PASSWORD_PATH : '/'} replace />;
  }
  if (isLock && location.pathname !== '/lock') return <Navigate to="/lock" replace />;
  if (!isLock && location.pathname === '/lock') return <Navigate to="/" replace />;
  suspendUntilCoreStrings(); // the core strings of the active language (each screen waits for its own)
  return <>{children}</>;
}

/** A signed-in user who opens /login goes where it would have sent them (its `redirect`), else to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  const signingIn = useSession((state) => state.signingIn);
  const [params] = useSearchParams();
  if (!token || signingIn) return <>{children}</>;
  return <Navigate to={safeRedirect(params.get('redirect')) ?? '/'} replace />;
}
