import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSessions } from '../../lib/auth';
import { revokeSessions } from './api';

/**
 * Sign Out / Logout everywhere: ask the server to end the sessions (the request carries the tokens,
 * so it starts before they are cleared), clear every auth item and both user states at once, then go home.
 * The guards send someone who signs out on a protected page home too, so the two never disagree.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    revokeSessions();
    clearSessions();
    navigate('/', { replace: true });
  }, [navigate]);
}
