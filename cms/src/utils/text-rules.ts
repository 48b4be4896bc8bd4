/**
 * The one input rule for text, applied to every string of every write request (global::input-guard)
 * and again where a string meets bcrypt or a username column:
 * - no NUL and no other control character (tab, line feed and carriage return are text);
 * - well-formed UTF-16 only (no unpaired surrogate: bcryptjs, PostgreSQL and JSON consumers all choke on them);
 * - usernames are trimmed and NFKC-normalised the same way on register and login, and may not hold
 *   zero-width, bidi-control or other invisible formatting characters.
 */
import type { FieldError } from '@haic/contract';

/** C0 controls except \t \n \r, DEL, and the C1 controls. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
/** Invisible characters that make two usernames look alike (zero-width, joiners, bidi controls, BOM, soft hyphen). */
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/;

/** String.prototype.isWellFormed (Node 20) without depending on the compile target's lib. */
const isWellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Why a text is refused, or null when it is acceptable. */
export function textProblem(text: string): string | null {
  if (!isWellFormed(text)) return 'contains an invalid character (an unpaired UTF-16 surrogate)';
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (CONTROL.test(text)) return 'contains a control character';
  return null;
}

const label = (path: string[]) => (path.length ? path.join('.') : 'body');

/** The first string (value or key) anywhere in a parsed body that breaks the rule, as a field error. */
export function findTextProblem(value: unknown, path: string[] = [], depth = 0): FieldError | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, message: `${label(path)} ${problem}` } : null;
  }
  if (!value || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findTextProblem(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: [...path, key], message: `The field name ${JSON.stringify(key.replace(/[^\x20-\x7e]/g, '?'))} ${keyProblem}` };
    const found = findTextProblem(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Register and login both read a username through this: trimmed, NFKC. Assumes textProblem passed. */
export const normaliseUsername = (raw: string): string => raw.trim().normalize('NFKC');

/** Usernames: the text rule, plus no invisible characters. */
export function usernameProblem(username: string): string | null {
  const problem = textProblem(username);
  if (problem) return problem;
  if (INVISIBLE.test(username)) return 'contains an invisible character (zero-width or formatting)';
  return null;
}
