// The browser storage keys the site uses, in one place.
export const STORAGE_KEYS = {
  adminToken: 'authToken',
  adminUser: 'currentUser',
  userToken: 'userAuthToken',
  webUser: 'currentWebUser',
  highScore: 'nurseHelpMeHighScore',
  guestWallet: 'tempXRPLWallet',
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
