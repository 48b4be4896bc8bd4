import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearSessions } from '../../lib/auth';

/**
 * Sign Out / Logout everywhere: clear every auth item and both user states, then go home.
 * Leave first, clear once home is on screen: clearing while a protected page is still shown lets
 * its guard send the user to /signin or /login instead (the router renders the next page in a
 * transition, after the lazily loaded home page is ready). The sessions are cleared when the
 * calling component leaves the screen (e.g. the admin dashboard) or sees the home page (the header).
 */
export function useLogout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = useRef(false);

  useEffect(() => {
    if (pending.current && pathname === '/') {
      pending.current = false;
      clearSessions();
    }
  }, [pathname]);

  useEffect(
    () => () => {
      if (pending.current) {
        pending.current = false;
        clearSessions();
      }
    },
    [],
  );

  return useCallback(() => {
    if (pathname === '/') {
      clearSessions();
      return;
    }
    pending.current = true;
    navigate('/');
  }, [navigate, pathname]);
}
