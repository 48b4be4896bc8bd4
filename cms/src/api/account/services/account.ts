/**
 * Accounts: registration, sign-in, sign-out, the caller's profile, game statistics (the per-player
 * figures the game-score API keeps) and game history read from the game-score content type. Users are the users-permissions plugin's users; its user service
 * hashes passwords. Tokens carry the session version (utils/sessions).
 */
import type { Core } from '@strapi/strapi';
import {
  changePasswordErrors,
  deleteAccountErrors,
  profileErrors,
  registerErrors,
  type FieldError,
  type OkResponse,
  type ProfileResponse,
  type PublicUser,
  type SignInResponse,
} from '@haic/contract';
import { ApiError, forbidden, invalid, invalidField, serviceUnavailable, unauthorized } from '../../../utils/api-error';
import { isUniqueViolation } from '../../../utils/db-errors';
import { createCredentialCheck, type CredentialCheck } from '../../../utils/credentials';
import { issueToken, revokeSessions } from '../../../utils/sessions';
import { normaliseUsername, usernameProblem } from '../../../utils/text-rules';
import type { UserRow } from '../../../utils/user-row';
import { setting } from '../../../utils/settings';
import { gameScores } from '../../game-score/game-scores';
import { badgesOfUser } from '../../wallet/wallet-store';

const USER = 'plugin::users-permissions.user';
export { INVALID_CREDENTIALS } from '../../../utils/credentials';
const BLOCKED_MESSAGE = 'Your account has been blocked. Please contact support.';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const WRONG_PASSWORD = 'Password is incorrect';

const publicUser = (user: UserRow): PublicUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  createdDate: new Date(user.createdAt).toISOString(),
});

const createAccountService = ({ strapi }: { strapi: Core.Strapi }) => {
  const users = () => strapi.db.query(USER);
  const up = (name: string) => strapi.plugin('users-permissions').service(name);
  // Created on first use so that tests can lower the limits through env before the app boots.
  let credentials: CredentialCheck | null = null;
  const credentialCheck = () => (credentials ??= createCredentialCheck('user'));

  /** Accounts whose username or email is `name` in any case: read through the lowered-value indexes. */
  const accountsNamed = (name: string) =>
    strapi.db
      .connection(strapi.db.metadata.get(USER).tableName)
      .where((either) => either.whereRaw('lower(username) = lower(?)', [name]).orWhereRaw('lower(email) = lower(?)', [name]));
  /** A username or email is free only when it is nobody's username or email, in any case. */
  const nameInUse = async (name: string) => Boolean(await accountsNamed(name).first('id'));

  return {
    async register(body: Record<string, unknown>): Promise<SignInResponse> {
      const input = { ...(body ?? {}) };
      // The same normal form as sign-in: trimmed, NFKC; invisible characters refused.
      if (typeof input.username === 'string') {
        const problem = usernameProblem(input.username);
        if (problem) throw invalid([{ path: ['username'], message: `Username ${problem}` }]);
        input.username = normaliseUsername(input.username);
      }
      const problems = registerErrors(input);
      if (problems.length) throw invalid(problems);
      const username = input.username as string;
      const email = (input.email as string).trim().toLowerCase();
      const password = input.password as string;

      const refuseTaken = async () => {
        const taken: FieldError[] = [];
        if (await nameInUse(username)) taken.push({ path: ['username'], message: 'Username is already taken' });
        if (await nameInUse(email)) taken.push({ path: ['email'], message: 'Email is already registered' });
        if (taken.length) throw invalid(taken);
      };
      await refuseTaken();

      const settings = (await strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' }).get()) as { default_role?: string } | null;
      const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: settings?.default_role ?? 'authenticated' } });
      if (!role) throw serviceUnavailable('Registration is not available right now', 60);

      try {
        const user: UserRow = await up('user').add({ username, email, password, provider: 'local', confirmed: true, blocked: false, role: role.id });
        return { token: issueToken(strapi, user), user: publicUser(user) };
      } catch (error) {
        // Two sign-ups for one name at once: the unique index on the lowered name lets one in.
        if (isUniqueViolation(error)) await refuseTaken();
        throw error;
      }
    },

    /** Same answer for an unknown user and a wrong password (utils/credentials); a blocked user gets 403. */
    async login(ip: string, body: Record<string, unknown>): Promise<SignInResponse> {
      const username = typeof body?.username === 'string' ? body.username : '';
      const password = typeof body?.password === 'string' ? body.password : '';
      if (!username.trim()) throw invalid([{ path: ['username'], message: 'Username is required' }]);
      if (!password) throw invalid([{ path: ['password'], message: 'Password is required' }]);

      const user = await credentialCheck().verify({
        ip,
        username,
        password,
        findUser: async (name) => {
          // The exact spelling first: accounts from before the case rule may share a name in another case.
          const found = await accountsNamed(name)
            .andWhere('provider', 'local')
            .orderByRaw('case when username = ? or email = ? then 0 else 1 end, id', [name, name])
            .first('id');
          return found ? (users().findOne({ where: { id: found.id } }) as Promise<UserRow | null>) : null;
        },
      });
      if (user.blocked) throw forbidden(BLOCKED_MESSAGE);
      return { token: issueToken(strapi, user), user: publicUser(user) };
    },

    /**
     * The account's own password, checked by the one credential check (its limiter counts a wrong
     * password as a failed sign-in of the account's username). A wrong one is a 400 naming `field`.
     */
    async checkOwnPassword(ip: string, userId: number, password: string, field: string, wrongMessage: string) {
      const user: UserRow | null = await users().findOne({ where: { id: userId } });
      if (!user) throw unauthorized('You must be signed in to do this');
      try {
        return await credentialCheck().verify({ ip, username: user.username, password, findUser: async () => user });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw invalidField(field, wrongMessage);
        throw error;
      }
    },

    /**
     * A new password: the same rule as sign-up, the current one confirmed first. Every earlier token
     * of the user stops working (the session version moves); the caller gets a fresh one.
     */
    async changePassword(ip: string, userId: number, body: Record<string, unknown>): Promise<SignInResponse> {
      const input = body && typeof body === 'object' ? body : {};
      // Lengths and rules before any hash.
      const problems = changePasswordErrors(input);
      if (problems.length) throw invalid(problems);
      const user = await this.checkOwnPassword(ip, userId, input.currentPassword as string, 'currentPassword', WRONG_CURRENT_PASSWORD);
      const sessionVersion = (user.sessionVersion ?? 0) + 1;
      const updated: UserRow = await up('user').edit(userId, { password: input.newPassword as string, sessionVersion });
      void noticePasswordChanged(strapi, updated);
      return { token: issueToken(strapi, updated), user: publicUser(updated) };
    },

    /**
     * Deletes the account after its password is confirmed: the user through the document service,
     * whose account-removal middleware takes everything else with it in the same transaction.
     */
    async deleteAccount(ip: string, userId: number, body: Record<string, unknown>): Promise<OkResponse> {
      const input = body && typeof body === 'object' ? body : {};
      const problems = deleteAccountErrors(input);
      if (problems.length) throw invalid(problems);
      const user = await this.checkOwnPassword(ip, userId, input.password as string, 'password', WRONG_PASSWORD);
      await strapi.documents(USER).delete({ documentId: user.documentId });
      return { ok: true };
    },

    /** Server-side sign-out: every token issued to the user so far stops working. */
    async logout(userId: number): Promise<OkResponse> {
      await revokeSessions(strapi, userId);
      return { ok: true };
    },

    /** The profile's fields, and the badges others see beside the name (a proven XRPL wallet; a HAIC holder, where known). */
    async getProfile(userId: number): Promise<ProfileResponse> {
      const user: Pick<UserRow, 'firstName' | 'lastName' | 'bio'> | null = await users().findOne({
        where: { id: userId },
        select: ['firstName', 'lastName', 'bio'],
      });
      const { walletVerified, holder } = await badgesOfUser(strapi.db.connection, userId);
      return {
        firstName: user?.firstName ?? '',
        lastName: user?.lastName ?? '',
        bio: user?.bio ?? '',
        walletVerified,
        ...(holder === undefined ? {} : { holder }),
      };
    },

    async updateProfile(userId: number, body: Record<string, unknown>): Promise<ProfileResponse> {
      const input = body && typeof body === 'object' ? body : {};
      const problems = profileErrors(input);
      if (problems.length) throw invalid(problems);
      const data: Record<string, string | null> = {};
      for (const field of ['firstName', 'lastName', 'bio'] as const) {
        if (input[field] !== undefined) data[field] = (input[field] as string | null) ?? null;
      }
      if (Object.keys(data).length) await users().update({ where: { id: userId }, data });
      return this.getProfile(userId);
    },

    /** gamesPlayed, totalPoints (sum) and highScore (best single game's totalPoints); zeros when none. */
    async stats(userId: number) {
      return gameScores(strapi).history.statsOf(userId);
    },

    /** Newest first. Paging is checked by the controller. */
    async history(userId: number, pageNumber: number, pageSize: number) {
      return gameScores(strapi).history.historyOf(userId, pageNumber, pageSize);
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;

export default createAccountService;

/**
 * Tells the person by email that their password changed, when mail is configured (SMTP_HOST): if it
 * was not them, they know to act. A failed send is logged and never undoes the change.
 */
async function noticePasswordChanged(strapi: Core.Strapi, user: { email?: string | null; username: string }): Promise<void> {
  if (!setting('SMTP_HOST') || !user.email) return;
  try {
    await strapi
      .plugin('email')
      .service('email')
      .send({
        to: user.email,
        subject: 'Your HAIC password was changed',
        text: [
          `Hello ${user.username},`,
          '',
          `The password of your HAIC account was changed on ${new Date().toUTCString()}. Every other device was signed out.`,
          '',
          'If this was not you, contact us through the site at once.',
        ].join('\n'),
      });
  } catch (error) {
    strapi.log.error(`[accounts] could not email a password change notice: ${(error as Error).message}`);
  }
}
