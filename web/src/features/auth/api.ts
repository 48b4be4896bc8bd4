import { api } from '../../lib/api';
import { getAuth, type WebUser } from '../../lib/auth';

interface AuthResponse {
  token?: string;
  user?: WebUser;
}

/** POST /api/auth/login. Errors are logged and passed on to the caller. */
export async function userLogin(username: string, password: string): Promise<AuthResponse> {
  try {
    return await api.post<AuthResponse>('/api/auth/login', { username, password });
  } catch (error) {
    console.error('Sign-in failed', error);
    throw error;
  }
}

/** POST /api/auth/register with username, email and password only. */
export async function register(username: string, email: string, password: string): Promise<AuthResponse> {
  try {
    return await api.post<AuthResponse>('/api/auth/register', { username, email, password });
  } catch (error) {
    console.error('Registration failed', error);
    throw error;
  }
}

/**
 * Server-side sign-out: the server revokes every token issued to the account so far, so a copied
 * token stops working too. Sent for whichever sessions this browser holds; the client clears its
 * state at once and does not wait (a failure only leaves the token to expire).
 */
export function revokeSessions(): void {
  const { userToken, adminToken } = getAuth();
  const quietly = (call: Promise<unknown>) => call.catch((error) => console.warn('Server sign-out failed', error));
  if (userToken) void quietly(api.post('/api/auth/logout'));
  if (adminToken) void quietly(api.post('/api/admin/logout'));
}
