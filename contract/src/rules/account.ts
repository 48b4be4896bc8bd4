/**
 * The account rules with their exact messages: the register and profile forms
 * (web, yup) and the server (cms) both build on these definitions.
 */
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
} as const;

/** Profile fields and their limits (no field is required). */
const PROFILE_LIMITS = { firstName: NAME_MAX, lastName: NAME_MAX, bio: BIO_MAX } as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function isStrongPassword(password: string): boolean {
  return /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password) && SPECIAL_PATTERN.test(password);
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

  if (isBlank(password) || typeof password !== 'string') add('password', M.required(L.password));
  else if (password.length < PASSWORD_MIN) add('password', M.min(L.password, PASSWORD_MIN));
  else if (password.length > PASSWORD_MAX) add('password', M.max(L.password, PASSWORD_MAX));
  else if (!isStrongPassword(password)) add('password', M.passwordStrength);

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

/** A site user as the account API answers it (register, sign-in, profile). */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  createdDate: string;
}

/** The users-permissions role of a site administrator (its name is exactly 'Admin'). */
export const ADMIN_ROLE_NAME = 'Admin';

/** POST /api/admin/login's answer. */
export interface AdminLoginResponse {
  token: string;
  username: string;
  role: typeof ADMIN_ROLE_NAME;
}
