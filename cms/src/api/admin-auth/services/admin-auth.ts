import type { Core } from '@strapi/strapi';
import { ADMIN_ROLE_NAME, type AdminLoginResponse } from '@haic/contract';
import { createCredentialCheck, invalidCredentials, type CredentialCheck } from '../../../utils/credentials';
import { issueToken } from '../../../utils/sessions';
import type { UserRow } from '../../../utils/user-row';

const ADMIN_ROLE_TYPE = 'admin';
export { INVALID_CREDENTIALS } from '../../../utils/credentials';

const ROLE_UID = 'plugin::users-permissions.role';
const USER_UID = 'plugin::users-permissions.user';

interface AdminAccountInput {
  username: string;
  password: string;
  email?: string;
}

type AdminAccountOutcome = 'created' | 'exists' | 'conflict';

const createAdminAuthService = ({ strapi }: { strapi: Core.Strapi }) => {
  // Its own failed-attempt counters (scope 'admin'), separate from the web users' sign-in; created on first use.
  let credentials: CredentialCheck | null = null;
  const credentialCheck = () => (credentials ??= createCredentialCheck('admin'));
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

    /** Checks an admin's credentials: success only for an unblocked user whose role is Admin; throws otherwise (utils/credentials). */
    async login({ username, password, ip }: { username: unknown; password: unknown; ip: string }): Promise<AdminLoginResponse> {
      if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password) throw invalidCredentials();
      const user = await credentialCheck().verify({
        ip,
        username,
        password,
        findUser: (name): Promise<UserRow | null> => strapi.db.query(USER_UID).findOne({ where: { username: name }, populate: ['role'] }),
        accept: (found) => !found.blocked && found.role?.type === ADMIN_ROLE_TYPE && found.role?.name === ADMIN_ROLE_NAME,
      });
      return { token: issueToken(strapi, user), username: user.username, role: ADMIN_ROLE_NAME };
    },
  };
  return service;
};

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;

export default createAdminAuthService;
