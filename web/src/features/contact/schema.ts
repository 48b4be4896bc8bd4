import * as yup from 'yup';
import { CONTACT_MESSAGES as M, CONTACT_RULES, EMAIL_PATTERN, type ContactInput } from '@haic/contract';

/**
 * The contact form's messages: '{Field} is required', '{Field} is too short', 'Please enter a valid email address',
 * built from the rules the server checks (CONTACT_RULES in @haic/contract).
 */
function fieldSchema(rule: (typeof CONTACT_RULES)[number]) {
  let schema = yup.string().trim().required(M.required(rule.label));
  if (rule.email) schema = schema.matches(EMAIL_PATTERN, { message: M.email, excludeEmptyString: true });
  if (rule.min) schema = schema.min(rule.min, M.tooShort(rule.label));
  return schema.max(rule.max, M.tooLong(rule.label));
}

const shape = Object.fromEntries(CONTACT_RULES.map((rule) => [rule.field, fieldSchema(rule)])) as Record<keyof ContactInput, yup.StringSchema<string>>;

export const contactSchema = yup.object(shape);
