import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSessions } from '../../lib/auth';

/** Sign Out / Logout everywhere: clear every auth item and both user states, then go home. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    // Leave first, then clear: clearing while a protected page is still shown would let its guard
    // send the user to /signin before the (lazily loaded) home page is ready.
    Promise.resolve(navigate('/')).finally(clearSessions);
  }, [navigate]);
}
