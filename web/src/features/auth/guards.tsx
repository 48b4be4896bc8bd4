import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isAdminLoggedIn, isWebUserLoggedIn, useAuth, type AuthSnapshot } from '../../lib/auth';
import { usePageHead } from '../../lib/head';
import { useHydrated } from '../../lib/hydration';
import { Spinner } from '../../ui/Spinner';

/**
 * Whether `check` held when the page was opened. Sign-in lives in browser storage, so on the
 * server and while hydrating nobody is known yet (null): the guard then draws only a shell.
 */
function useStateOnEntry(check: (auth: AuthSnapshot) => boolean) {
  const auth = useAuth();
  const hydrated = useHydrated();
  const onEntry = useRef<boolean | null>(null);
  if (hydrated && onEntry.current === null) onEntry.current = check(auth);
  return { auth, onEntry: onEntry.current };
}

interface GuardProps {
  children: ReactNode;
  /** The page's title, for the shell drawn before the browser knows who is signed in. */
  title?: string;
}

/** What a guarded page shows before the browser knows who is signed in. */
function GuardShell({ title }: { title?: string }) {
  usePageHead({ title: title ?? 'Loading', noindex: true });
  return (
    <div className="container page">
      <Spinner label="Loading..." />
    </div>
  );
}

/**
 * Web-user pages: a visitor goes to /signin?returnUrl=<the page they asked for>. A user who signs out
 * while on the page goes home instead (Sign Out navigates to / itself; this keeps the guard from
 * racing it to /signin while the home page loads).
 */
export function RequireWebUser({ children, title }: GuardProps) {
  const { auth, onEntry } = useStateOnEntry(isWebUserLoggedIn);
  const location = useLocation();
  if (onEntry === null) return <GuardShell title={title} />;
  if (!isWebUserLoggedIn(auth)) {
    if (onEntry) return <Navigate to="/" replace />;
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  return <>{children}</>;
}

/**
 * /register and /signin: a web user who is signed in when they open the page goes to their profile.
 * Signing in on the page itself does not trigger it: the page then shows its success text and
 * redirects on its own (to returnUrl, or /profile with registered=true). The form itself is drawn
 * on the server too: most visitors are signed out.
 */
export function RedirectWebUser({ children }: GuardProps) {
  const { onEntry } = useStateOnEntry(isWebUserLoggedIn);
  if (onEntry) return <Navigate to="/profile" replace />;
  return <>{children}</>;
}

/**
 * Admin screens: only a logged-in user whose role is 'Admin'; everyone else goes to /login.
 * An admin who logs out here goes home (Logout navigates there itself).
 */
export function RequireAdmin({ children, title }: GuardProps) {
  const { auth, onEntry } = useStateOnEntry(isAdminLoggedIn);
  if (onEntry === null) return <GuardShell title={title} />;
  if (!isAdminLoggedIn(auth)) return <Navigate to={onEntry ? '/' : '/login'} replace />;
  return <>{children}</>;
}
