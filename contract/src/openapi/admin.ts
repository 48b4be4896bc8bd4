/** The site administrators' sign-in and sign-out (/api/admin/*: the site sends the admin token there). */
import { ADMIN_ROLE_NAME, type AdminLoginResponse } from '../rules/account';
import { PASSWORD_MAX_BYTES, ROUTE_BOUNDS, SIGN_IN_IDENTIFIER_MAX } from '../rules/limits';
import { Ok } from './accounts';
import type { Route } from './operations';
import { component, constant, objectOf, optional, requestOf, string } from './schema';

const AdminSignIn = component<AdminLoginResponse>(
  'AdminLoginResponse',
  objectOf<AdminLoginResponse>({
    token: string({ description: 'The admin token: send it as `Authorization: Bearer <token>` on /api/admin/*.' }),
    username: string(),
    role: constant(ADMIN_ROLE_NAME),
  }),
);
export const ADMIN_SCHEMAS = [AdminSignIn];

interface AdminLoginRequest {
  username: string;
  password: string;
  captchaToken?: string;
}

export const ADMIN_ROUTES: Route[] = [
  {
    method: 'post',
    path: '/api/admin/login',
    summary: 'An administrator signs in',
    description: `Only an unblocked account whose role is '${ADMIN_ROLE_NAME}'.`,
    access: 'public',
    body: {
      description: 'The username and password.',
      schema: requestOf<AdminLoginRequest>({
        username: string({ minLength: 1, maxLength: SIGN_IN_IDENTIFIER_MAX }),
        password: string({ minLength: 1, maxLength: PASSWORD_MAX_BYTES, description: `At most ${PASSWORD_MAX_BYTES} bytes of UTF-8.` }),
        captchaToken: optional(string({ maxLength: ROUTE_BOUNDS['POST /api/admin/login']!.fields.captchaToken!.max, description: 'Accepted and ignored.' })),
      }),
    },
    success: { status: 200, description: 'Signed in.', body: AdminSignIn.ref },
    refusals: {
      401: 'Invalid username or password, or not an administrator (one answer for all).',
      429: 'Too many failed sign-ins: wait Retry-After seconds.',
    },
  },
  {
    method: 'post',
    path: '/api/admin/logout',
    summary: 'An administrator signs out everywhere',
    description: 'Every token issued to the caller so far stops working.',
    access: 'admin',
    success: { status: 200, description: 'Signed out.', body: Ok.ref },
  },
];
