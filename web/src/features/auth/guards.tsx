import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isAdminLoggedIn, isWebUserLoggedIn, useAuth } from '../../lib/auth';

/**
 * Web-user pages: a visitor goes to /signin?returnUrl=<the page they asked for>. A user who signs out
 * while on the page goes home instead (Sign Out navigates to / itself; this keeps the guard from
 * racing it to /signin while the home page loads).
 */
export function RequireWebUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const [signedInOnEntry] = useState(() => isWebUserLoggedIn(auth));
  if (!isWebUserLoggedIn(auth)) {
    if (signedInOnEntry) return <Navigate to="/" replace />;
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  return <>{children}</>;
}

/**
 * /register and /signin: a web user who is signed in when they open the page goes to their profile.
 * Signing in on the page itself does not trigger it: the page then shows its success text and
 * redirects on its own (to returnUrl, or /profile with registered=true).
 */
export function RedirectWebUser({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const [signedInOnEntry] = useState(() => isWebUserLoggedIn(auth));
  if (signedInOnEntry) return <Navigate to="/profile" replace />;
  return <>{children}</>;
}

/**
 * Admin screens: only a logged-in user whose role is 'Admin'; everyone else goes to /login.
 * An admin who logs out here goes home (Logout navigates there itself).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const [adminOnEntry] = useState(() => isAdminLoggedIn(auth));
  if (!isAdminLoggedIn(auth)) return <Navigate to={adminOnEntry ? '/' : '/login'} replace />;
  return <>{children}</>;
}
