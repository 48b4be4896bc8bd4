/**
 * GET /api/users/{id}/stats: the signed-in player's games as the account counts them, and the hook the game
 * page reads them through (null while signed out, before the first answer, or after a failure, only logged).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserStats } from '@haic/contract';
import { api } from '../../../lib/api';
import { getAuth, isWebUserLoggedIn, useAuth, type AuthSnapshot } from '../../../lib/auth';

/** The account's stats; null when not logged in or on any failure (only logged). */
export async function fetchUserStats(auth: AuthSnapshot = getAuth()): Promise<UserStats | null> {
  if (!isWebUserLoggedIn(auth) || !auth.webUser) return null;
  try {
    const stats = await api.get<UserStats>(`/api/users/${encodeURIComponent(String(auth.webUser.id))}/stats`);
    return stats && typeof stats.gamesPlayed === 'number' ? stats : null;
  } catch (error) {
    console.warn('Nurse Help Me: could not load account stats', error);
    return null;
  }
}

/** The signed-in account's games played (null when signed out), and a way to read them again after a game. */
export function useAccountGames(): { accountGames: number | null; refresh: () => void } {
  const auth = useAuth();
  const loggedIn = isWebUserLoggedIn(auth);
  const [accountGames, setAccountGames] = useState<number | null>(null);
  const mounted = useRef(true);

  const refresh = useCallback(() => {
    void fetchUserStats().then((stats) => {
      if (mounted.current) setAccountGames(stats ? stats.gamesPlayed : null);
    });
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (loggedIn) refresh();
    else setAccountGames(null);
  }, [loggedIn, auth.webUser?.id, refresh]);

  return { accountGames, refresh };
}
