import { api } from '../../lib/api';
import type { WebUser } from '../../lib/auth';

export interface AuthResponse {
  token?: string;
  user?: WebUser;
}

/** POST /api/auth/login. Errors are logged and passed on to the caller (spec section 7). */
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
