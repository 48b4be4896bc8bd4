/**
 * The contact rules: name >= 2, valid email, subject >= 5, message >= 10;
 * '{Field} is required', '{Field} is too short', 'Please enter a valid email address'.
 * Upper bounds keep the stored text within the columns ('{Field} is too long').
 * The site's form (yup) and the server both build on CONTACT_RULES.
 */
import { EMAIL_PATTERN, type FieldError } from './common';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** POST /api/contact's answer (201). */
export interface ContactAnswer {
  data: { received: true };
  message: string;
}

interface ContactRule {
  field: keyof ContactInput;
  label: string;
  min?: number;
  max: number;
  email?: boolean;
}

export const CONTACT_RULES: readonly ContactRule[] = [
  { field: 'name', label: 'Name', min: 2, max: 200 },
  { field: 'email', label: 'Email', email: true, max: 254 },
  { field: 'subject', label: 'Subject', min: 5, max: 300 },
  { field: 'message', label: 'Message', min: 10, max: 5000 },
];

export const CONTACT_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooShort: (label: string) => `${label} is too short`,
  tooLong: (label: string) => `${label} is too long`,
  email: 'Please enter a valid email address',
} as const;

export function validateContact(body: unknown): { value: ContactInput | null; errors: FieldError[] } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const value = {} as ContactInput;
  for (const rule of CONTACT_RULES) {
    const raw = input[rule.field];
    const text = typeof raw === 'string' ? raw.trim() : '';
    value[rule.field] = text;
    const fail = (message: string) => errors.push({ path: [rule.field], message });
    // Length before pattern: no pattern ever sees more than a field can hold.
    if (!text) fail(CONTACT_MESSAGES.required(rule.label));
    else if (text.length > rule.max) fail(CONTACT_MESSAGES.tooLong(rule.label));
    else if (rule.email && !EMAIL_PATTERN.test(text)) fail(CONTACT_MESSAGES.email);
    else if (rule.min && text.length < rule.min) fail(CONTACT_MESSAGES.tooShort(rule.label));
  }
  return { value: errors.length ? null : value, errors };
}
