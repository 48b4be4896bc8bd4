/**
 * The account rules of spec sections 5 and 9, enforced on the server with the site's messages.
 * This is the one place the server keeps them; the site's yup schemas (web/src/features/auth)
 * use the same limits and words.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
/** bcrypt reads at most 72 bytes; a cap keeps hashing cheap and the rule honest. */
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const BIO_MAX = 500;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
const SPECIAL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;

export const MESSAGES = {
  required: (label: string) => `${label} is required`,
  min: (label: string, n: number) => `${label} must be at least ${n} characters`,
  max: (label: string, n: number) => `${label} must be no more than ${n} characters`,
  email: 'Please enter a valid email address',
  passwordStrength: 'Password must contain uppercase, lowercase, number, and special character',
};

export interface FieldError {
  path: string[];
  message: string;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function isStrongPassword(password: string) {
  return /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password) && SPECIAL_PATTERN.test(password);
}

/** Register body {username, email, password}: every broken rule, in field order, first rule per field. */
export function registerErrors(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ path: [field], message });

  const { username, email, password } = body;
  if (isBlank(username)) add('username', MESSAGES.required('Username'));
  else if (typeof username !== 'string') add('username', MESSAGES.required('Username'));
  else if (username.length < USERNAME_MIN) add('username', MESSAGES.min('Username', USERNAME_MIN));
  else if (username.length > USERNAME_MAX) add('username', MESSAGES.max('Username', USERNAME_MAX));

  if (isBlank(email) || typeof email !== 'string') add('email', MESSAGES.required('Email'));
  else if (email.length > EMAIL_MAX) add('email', MESSAGES.max('Email', EMAIL_MAX));
  else if (!EMAIL_PATTERN.test(email)) add('email', MESSAGES.email);

  if (isBlank(password) || typeof password !== 'string') add('password', MESSAGES.required('Password'));
  else if (password.length < PASSWORD_MIN) add('password', MESSAGES.min('Password', PASSWORD_MIN));
  else if (password.length > PASSWORD_MAX) add('password', MESSAGES.max('Password', PASSWORD_MAX));
  else if (!isStrongPassword(password)) add('password', MESSAGES.passwordStrength);

  return errors;
}

export interface ProfileInput {
  firstName?: string | null;
  lastName?: string | null;
  bio?: string | null;
}

/** PUT /api/users/profile: only firstName, lastName and bio; strings (or null to clear) within their limits. */
export function profileErrors(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const limits: [keyof ProfileInput, string, number][] = [
    ['firstName', 'First Name', NAME_MAX],
    ['lastName', 'Last Name', NAME_MAX],
    ['bio', 'Bio', BIO_MAX],
  ];
  for (const [field, label, max] of limits) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') errors.push({ path: [field], message: `${label} must be text` });
    else if (value.length > max) errors.push({ path: [field], message: MESSAGES.max(label, max) });
  }
  return errors;
}
