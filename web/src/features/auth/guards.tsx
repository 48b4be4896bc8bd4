import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isAdminLoggedIn, isWebUserLoggedIn, useAuth } from '../../lib/auth';

/** Web-user pages: a visitor goes to /signin?returnUrl=<the page they asked for>. */
export function RequireWebUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (!isWebUserLoggedIn(auth)) {
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  return <>{children}</>;
}

/** /register and /signin: a signed-in web user goes to their profile. */
export function RedirectWebUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (isWebUserLoggedIn(auth)) return <Navigate to="/profile" replace />;
  return <>{children}</>;
}

/** Admin screens: only a logged-in user whose role is 'Admin'; everyone else goes to /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (!isAdminLoggedIn(auth)) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
