import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSessions } from '../../lib/auth';

/** Sign Out / Logout everywhere: clear every auth item and both user states, then go home. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    clearSessions();
    navigate('/');
  }, [navigate]);
}
