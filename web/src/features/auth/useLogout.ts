import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSessions } from '../../lib/auth';

/**
 * Sign Out / Logout everywhere: clear every auth item and both user states at once, then go home.
 * The guards send someone who signs out on a protected page home too, so the two never disagree.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    clearSessions();
    navigate('/', { replace: true });
  }, [navigate]);
}
