import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { suspendUntilAreaLocales } from '../i18n';
import { useSession } from '../store/session';

/** Unauthenticated visitors go to /login; a locked console only shows /lock. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  const isLock = useSession((state) => state.isLock);
  const location = useLocation();
  if (!token) {
    const redirect = location.pathname === '/' ? '' : `?redirect=${encodeURIComponent(location.pathname)}`;
    return <Navigate to={`/login${redirect}`} replace />;
  }
  if (isLock && location.pathname !== '/lock') return <Navigate to="/lock" replace />;
  if (!isLock && location.pathname === '/lock') return <Navigate to="/" replace />;
  suspendUntilAreaLocales(); // the screens' strings: suspends until their chunk is loaded (once)
  return <>{children}</>;
}

/** A signed-in user who opens /login is sent to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  const signingIn = useSession((state) => state.signingIn);
  return token && !signingIn ? <Navigate to="/" replace /> : <>{children}</>;
}
