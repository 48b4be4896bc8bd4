// The browser storage keys the site uses, in one place.
export const STORAGE_KEYS = {
  adminToken: 'authToken',
  adminUser: 'currentUser',
  userToken: 'userAuthToken',
  webUser: 'currentWebUser',
  highScore: 'nurseHelpMeHighScore',
  /** Games finished in this browser. */
  gamesPlayed: 'nurseHelpMeGamesPlayed',
  /** Submissions waiting to be accepted by the server (a JSON array of score submissions). */
  pendingScores: 'nurseHelpMePendingScores',
  /** 'off' when the player turned the game's sound off (on by default). */
  sound: 'nurseHelpMeSound',
  /** The guest wallet id the server issued (or one made here before any ticket). */
  guestWallet: 'tempXRPLWallet',
  /** The secret the server issued with the guest wallet id: it proves this browser is that guest. */
  guestWalletSecret: 'tempXRPLWalletSecret',
  /** The guest identity the server's replaced (a wallet made here before one was issued): its runs still move. */
  previousGuestWallet: 'tempXRPLWalletPrevious',
  rememberedUsername: 'rememberedUsername',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
