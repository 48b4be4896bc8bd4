/**
 * The contact rules of spec section 5, shared wording with the site's form:
 * name >= 2, valid email, subject >= 5, message >= 10; '{Field} is required',
 * '{Field} is too short', 'Please enter a valid email address'.
 * Upper bounds keep the stored text within the columns ('{Field} is too long').
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export interface FieldError {
  path: string[];
  message: string;
}

const RULES: Array<{ field: keyof ContactInput; label: string; min?: number; max: number; email?: boolean }> = [
  { field: 'name', label: 'Name', min: 2, max: 200 },
  { field: 'email', label: 'Email', email: true, max: 254 },
  { field: 'subject', label: 'Subject', min: 5, max: 300 },
  { field: 'message', label: 'Message', min: 10, max: 5000 },
];

export function validateContact(body: unknown): { value: ContactInput | null; errors: FieldError[] } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const value = {} as ContactInput;
  for (const rule of RULES) {
    const raw = input[rule.field];
    const text = typeof raw === 'string' ? raw.trim() : '';
    value[rule.field] = text;
    if (!text) errors.push({ path: [rule.field], message: `${rule.label} is required` });
    else if (rule.email && !EMAIL_PATTERN.test(text)) errors.push({ path: [rule.field], message: 'Please enter a valid email address' });
    else if (rule.min && text.length < rule.min) errors.push({ path: [rule.field], message: `${rule.label} is too short` });
    else if (text.length > rule.max) errors.push({ path: [rule.field], message: `${rule.label} is too long` });
  }
  return { value: errors.length ? null : value, errors };
}
