import type { Core } from '@strapi/strapi';
import { counterStore } from '../../../utils/counter-store';
import { createLoginLimiter, limiterOptionsFromEnv, tooManyAttemptsMessage } from '../../../utils/rate-limit';

/** The users-permissions role that marks a site administrator (spec section 6: the role equals 'Admin'). */
export const ADMIN_ROLE_NAME = 'Admin';
export const ADMIN_ROLE_TYPE = 'admin';
export const INVALID_CREDENTIALS = 'Invalid username or password';

const ROLE_UID = 'plugin::users-permissions.role';
const USER_UID = 'plugin::users-permissions.user';

// Compared against when the username is unknown, so that a wrong username costs as long as a wrong password.
const DUMMY_HASH = '$2a$10$oqDN7MWKbwIU/PXHnlmjM.68btF1yFptytVdV/fUua.vJzLnWie/C';

export interface AdminSession {
  token: string;
  username: string;
  role: typeof ADMIN_ROLE_NAME;
}

export type LoginResult =
  | { ok: true; session: AdminSession }
  | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number };

export interface AdminAccountInput {
  username: string;
  password: string;
  email?: string;
}

export type AdminAccountOutcome = 'created' | 'exists' | 'conflict';

const createAdminAuthService = ({ strapi }: { strapi: Core.Strapi }) => {
  // Its own failed-attempt counters, separate from the web users' sign-in (created on first use, like the user login's).
  let created: ReturnType<typeof createLoginLimiter> | null = null;
  const limiter = () => (created ??= createLoginLimiter({ ...limiterOptionsFromEnv(), scope: 'admin-login' }, counterStore(strapi)));
  const up = () => strapi.plugin('users-permissions');

  const service = {
    /**
     * The 'Admin' users-permissions role, created when missing (idempotent; boot and seed both call it).
     * It is granted no API actions: an admin token opens nothing on the public API that a signed-in
     * web user could not already open through the routes that check the token themselves.
     */
    async ensureAdminRole(): Promise<{ id: number; name: string; type: string }> {
      const roles = strapi.db.query(ROLE_UID);
      const existing = (await roles.findOne({ where: { type: ADMIN_ROLE_TYPE } })) ?? (await roles.findOne({ where: { name: ADMIN_ROLE_NAME } }));
      if (existing) return existing;
      strapi.log.info(`[admin] creating the users-permissions role '${ADMIN_ROLE_NAME}'`);
      return roles.create({
        data: { name: ADMIN_ROLE_NAME, type: ADMIN_ROLE_TYPE, description: 'Site administrators: may sign in at /login (the site admin area).' },
      });
    },

    /**
     * The site admin account named by the environment: created with role Admin when missing, never
     * changed when present. 'conflict' means the username belongs to someone who is not an admin
     * (that account is left alone: a web user never becomes an admin this way).
     */
    async ensureAdminAccount({ username, password, email }: AdminAccountInput): Promise<AdminAccountOutcome> {
      const role = await service.ensureAdminRole();
      const existing = await strapi.db.query(USER_UID).findOne({ where: { username }, populate: ['role'] });
      if (existing) return existing.role?.id === role.id ? 'exists' : 'conflict';
      await up()
        .service('user')
        .add({
          username,
          email: (email || `${username}@admin.local`).toLowerCase(),
          password,
          provider: 'local',
          confirmed: true,
          blocked: false,
          role: role.id,
        });
      return 'created';
    },

    /** Checks an admin's credentials: success only for an unblocked user whose role is Admin. */
    async login({ username, password, ip }: { username: unknown; password: unknown; ip: string }): Promise<LoginResult> {
      if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password) {
        return { ok: false, status: 401, message: INVALID_CREDENTIALS };
      }
      const name = username.trim();
      const limit = await limiter().check(ip, name);
      if (limit.limited) {
        return { ok: false, status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds), retryAfterSeconds: limit.retryAfterSeconds };
      }

      const user = await strapi.db.query(USER_UID).findOne({ where: { username: name }, populate: ['role'] });
      const userService = up().service('user');
      const passwordOk = await userService.validatePassword(password, user?.password || DUMMY_HASH);
      const isAdmin = user?.role?.type === ADMIN_ROLE_TYPE && user?.role?.name === ADMIN_ROLE_NAME;

      if (!user || !passwordOk || !isAdmin || user.blocked || !user.password) {
        await limiter().recordFailure(ip, name);
        return { ok: false, status: 401, message: INVALID_CREDENTIALS };
      }

      await limiter().recordSuccess(name);
      const token: string = await up().service('jwt').issue({ id: user.id });
      return { ok: true, session: { token, username: user.username, role: ADMIN_ROLE_NAME } };
    },
  };
  return service;
};

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;

export default createAdminAuthService;
