/**
 * The account rules with their exact messages: the register and profile forms
 * (web, yup) and the server (cms) both build on these definitions.
 */
import type { WalletBadges } from '../wallet';
import { EMAIL_PATTERN, type FieldError } from './common';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
/** bcrypt reads at most 72 bytes; a cap keeps hashing cheap and the rule honest. */
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const BIO_MAX = 500;

const SPECIAL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;

export const ACCOUNT_MESSAGES = {
  required: (label: string) => `${label} is required`,
  min: (label: string, n: number) => `${label} must be at least ${n} characters`,
  max: (label: string, n: number) => `${label} must be no more than ${n} characters`,
  email: 'Please enter a valid email address',
  passwordStrength: 'Password must contain uppercase, lowercase, number, and special character',
  passwordsDiffer: 'Passwords do not match',
  terms: 'You must agree to the terms',
  text: (label: string) => `${label} must be text`,
} as const;

/** Field labels as the forms show them. */
export const ACCOUNT_LABELS = {
  username: 'Username',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  agreeToTerms: 'Terms Agreement',
  firstName: 'First Name',
  lastName: 'Last Name',
  bio: 'Bio',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
} as const;

/** Profile fields and their limits (no field is required). */
const PROFILE_LIMITS = { firstName: NAME_MAX, lastName: NAME_MAX, bio: BIO_MAX } as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function isStrongPassword(password: string): boolean {
  return /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password) && SPECIAL_PATTERN.test(password);
}

/**
 * The one password rule (sign-up and the new password of a change): the first broken rule's message,
 * or null. Length before the pattern: no test ever sees more than PASSWORD_MAX characters.
 */
export function passwordProblem(password: unknown, label: string): string | null {
  const M = ACCOUNT_MESSAGES;
  if (isBlank(password) || typeof password !== 'string') return M.required(label);
  if (password.length < PASSWORD_MIN) return M.min(label, PASSWORD_MIN);
  if (password.length > PASSWORD_MAX) return M.max(label, PASSWORD_MAX);
  if (!isStrongPassword(password)) return M.passwordStrength;
  return null;
}

/** Register body {username, email, password}: every broken rule, in field order, first rule per field. */
export function registerErrors(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ path: [field], message });
  const M = ACCOUNT_MESSAGES;
  const L = ACCOUNT_LABELS;

  const { username, email, password } = body;
  if (isBlank(username) || typeof username !== 'string') add('username', M.required(L.username));
  else if (username.length < USERNAME_MIN) add('username', M.min(L.username, USERNAME_MIN));
  else if (username.length > USERNAME_MAX) add('username', M.max(L.username, USERNAME_MAX));

  if (isBlank(email) || typeof email !== 'string') add('email', M.required(L.email));
  else if (email.length > EMAIL_MAX) add('email', M.max(L.email, EMAIL_MAX));
  else if (!EMAIL_PATTERN.test(email)) add('email', M.email);

  const passwordIssue = passwordProblem(password, L.password);
  if (passwordIssue) add('password', passwordIssue);

  return errors;
}

/** PUT /api/users/profile: only firstName, lastName and bio; strings (or null to clear) within their limits. */
export function profileErrors(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of Object.keys(PROFILE_LIMITS) as (keyof typeof PROFILE_LIMITS)[]) {
    const value = body[field];
    const label = ACCOUNT_LABELS[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') errors.push({ path: [field], message: ACCOUNT_MESSAGES.text(label) });
    else if (value.length > PROFILE_LIMITS[field]) errors.push({ path: [field], message: ACCOUNT_MESSAGES.max(label, PROFILE_LIMITS[field]) });
  }
  return errors;
}

/** PUT /api/users/password: the current password, the new one and (optionally) its confirmation. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword?: string;
}

/**
 * The change-password body: every broken rule, first rule per field. The current password is only
 * checked for presence and length here (its hash is compared after, by the limited credential check);
 * the new one follows the sign-up rule.
 */
export function changePasswordErrors(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const M = ACCOUNT_MESSAGES;
  const L = ACCOUNT_LABELS;
  const { currentPassword, newPassword, confirmPassword } = body;
  if (isBlank(currentPassword) || typeof currentPassword !== 'string') errors.push({ path: ['currentPassword'], message: M.required(L.currentPassword) });
  else if (currentPassword.length > PASSWORD_MAX) errors.push({ path: ['currentPassword'], message: M.max(L.currentPassword, PASSWORD_MAX) });
  const newIssue = passwordProblem(newPassword, L.newPassword);
  if (newIssue) errors.push({ path: ['newPassword'], message: newIssue });
  if (confirmPassword !== undefined && confirmPassword !== null) {
    if (typeof confirmPassword !== 'string' || confirmPassword.length > PASSWORD_MAX)
      errors.push({ path: ['confirmPassword'], message: M.max(L.confirmPassword, PASSWORD_MAX) });
    else if (confirmPassword !== newPassword) errors.push({ path: ['confirmPassword'], message: M.passwordsDiffer });
  }
  return errors;
}

/** POST /api/users/delete-account: the account's password, asked again. */
export interface DeleteAccountRequest {
  password: string;
}

/** The delete body: a password of at most PASSWORD_MAX characters (compared after, by the credential check). */
export function deleteAccountErrors(body: Record<string, unknown>): FieldError[] {
  const { password } = body;
  if (isBlank(password) || typeof password !== 'string') return [{ path: ['password'], message: ACCOUNT_MESSAGES.required(ACCOUNT_LABELS.password) }];
  if (password.length > PASSWORD_MAX) return [{ path: ['password'], message: ACCOUNT_MESSAGES.max(ACCOUNT_LABELS.password, PASSWORD_MAX) }];
  return [];
}

/** A site user as the account API answers it (register, sign-in, profile). */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  createdDate: string;
}

/** Sign-up, sign-in and a new password answer with a fresh token and the account. */
export interface SignInResponse {
  token: string;
  user: PublicUser;
}

/** The profile's fields ('' when unset): what the profile form edits. */
export interface Profile {
  firstName: string;
  lastName: string;
  bio: string;
}

/** GET and PUT /api/users/profile: the fields, and the badges others see beside the name (the address is the wallet section's). */
export interface ProfileResponse extends Profile, Pick<WalletBadges, 'walletVerified' | 'holder'> {}

/** What sign-out and leaving answer. */
export interface OkResponse {
  ok: true;
}

/** The users-permissions role of a site administrator (its name is exactly 'Admin'). */
export const ADMIN_ROLE_NAME = 'Admin';

/** POST /api/admin/login's answer. */
export interface AdminLoginResponse {
  token: string;
  username: string;
  role: typeof ADMIN_ROLE_NAME;
}
