/**
 * The one credential check behind both sign-ins (POST /api/auth/login for web users and
 * POST /api/admin/login for site admins; their lengths are bounded at the edge, global::input-guard):
 * the text rule, the limiter, a constant-cost bcrypt
 * comparison (a dummy hash when the user is unknown) on a worker thread, one message for every refusal.
 * The limiter reserves the attempt before the comparison, so parallel guesses cannot all pass its
 * check before any failure is counted.
 * bcryptjs 3 (pinned for the whole tree through package.json overrides) is safe with any string;
 * the well-formed check still runs first so that no malformed text reaches a hash at all.
 */
import crypto from 'crypto';
import bcrypt from 'bcryptjs';
import { invalidField, tooManyRequests, unauthorized } from './api-error';
import { compareOffThread, type PasswordQueue } from './password-pool';
import { createLoginLimiter, tooManyAttemptsMessage, type LoginLimiter } from './rate-limit';
import { setting } from './settings';
import { normaliseUsername, textProblem } from './text-rules';

export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * Compared against when the user does not exist, so both failures cost one bcrypt check: a random password's
 * hash at the stored passwords' cost (utils/password-cost), made at start-up, not on a request's time.
 */
const DUMMY_HASH = bcrypt.hashSync(crypto.randomBytes(18).toString('base64'), setting('PASSWORD_HASH_ROUNDS'));

export const invalidCredentials = () => unauthorized(INVALID_CREDENTIALS);

/** bcrypt compare, refusing malformed text before it reaches the hash. */
async function passwordMatches(queue: PasswordQueue, password: string, hash: string | null | undefined): Promise<boolean> {
  if (textProblem(password)) {
    await compareOffThread(queue, 'x', DUMMY_HASH);
    return false;
  }
  return compareOffThread(queue, password, hash || DUMMY_HASH);
}

interface StoredUser {
  id: number;
  password?: string | null;
}

export interface CredentialCheck {
  /** The user whose password matched and whom `accept` takes, or throws: 400 (malformed), 401 (wrong), 429 (limited). */
  verify<U extends StoredUser>(input: {
    ip: string;
    username: string;
    password: string;
    findUser: (username: string) => Promise<U | null>;
    accept?: (user: U) => boolean;
  }): Promise<U>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function malformed(field: 'username' | 'password', problem: string): never {
  throw invalidField(field, `${field} ${problem}`);
}

/** One check per sign-in population: each keeps its own counters and its own password queue (scope 'user' or 'admin'). */
export function createCredentialCheck(scope: PasswordQueue, limiter: LoginLimiter = createLoginLimiter(scope)): CredentialCheck {
  return {
    async verify({ ip, username: raw, password, findUser, accept = () => true }) {
      const usernameIssue = textProblem(raw);
      if (usernameIssue) malformed('username', usernameIssue);
      const passwordIssue = textProblem(password);
      if (passwordIssue) malformed('password', passwordIssue);
      const username = normaliseUsername(raw);

      // Counted as a failure from here on, unless it succeeds.
      const limit = await limiter.reserve(ip, username);
      if (limit.limited) throw tooManyRequests(tooManyAttemptsMessage(limit.retryAfterSeconds), limit.retryAfterSeconds);
      if (limit.delayMs) await sleep(limit.delayMs);

      const user = await findUser(username);
      const matches = await passwordMatches(scope, password, user?.password);
      if (!user || !user.password || !matches || !accept(user)) throw invalidCredentials();
      await limiter.recordSuccess(ip, username);
      return user;
    },
  };
}
