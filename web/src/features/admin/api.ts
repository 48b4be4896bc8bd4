import type { AdminLoginResponse } from '@haic/contract';
import { api } from '../../lib/api';

/** The admin sign-in's fixed dummy captcha value: the server accepts the field and ignores it. */
export const ADMIN_CAPTCHA_TOKEN = 'haic-admin-captcha-placeholder';

/** POST /api/admin/login. Errors are logged and passed on to the caller. */
export async function login(username: string, password: string): Promise<AdminLoginResponse> {
  try {
    return await api.post<AdminLoginResponse>('/api/admin/login', { username, password, captchaToken: ADMIN_CAPTCHA_TOKEN });
  } catch (error) {
    console.error('Admin login failed:', error);
    throw error;
  }
}
