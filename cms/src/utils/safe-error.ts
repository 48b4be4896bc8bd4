/**
 * What the logs may say about an error: never a bound value or a body. A database error's message holds
 * its SQL with the values bound into it (knex writes `insert ... values ('alice', 'a@x', '$2a$10$...')`)
 * and a driver's own message can quote a value (PostgreSQL: `invalid input syntax for type integer: "x"`),
 * so a database error is told by its code, table, column and constraint only, and its stack keeps only
 * the frames. Other errors keep their message (code's own words, not a client's).
 */
import { fieldsOf } from './fields';

const DATABASE_ERROR_FIELDS = ['code', 'table', 'column', 'constraint', 'routine'] as const;

export const isDatabaseError = (thrown: unknown): boolean => {
  const error = fieldsOf(thrown);
  return (
    typeof error.sql === 'string' ||
    Array.isArray(error.bindings) ||
    /^SQLITE_/.test(String(error.code ?? '')) ||
    // PostgreSQL: a five-character SQLSTATE with the server's severity.
    (typeof error.severity === 'string' && /^[0-9A-Z]{5}$/.test(String(error.code ?? ''))) ||
    /^Knex/.test(String(error.name ?? ''))
  );
};

const framesOf = (stack: unknown): string =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

/** A message and a stack that are safe to log for `error`. */
export function safeError(error: unknown): { message: string; stack?: string } {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return { message: `non-error thrown (${typeof error})` };
  const e = fieldsOf(error);
  if (isDatabaseError(e)) {
    const facts = DATABASE_ERROR_FIELDS.filter((field) => typeof e[field] === 'string' && e[field]).map((field) => `${field} ${String(e[field])}`);
    const name = e.name && e.name !== 'Error' ? ` ${String(e.name)}` : '';
    return { message: `database error${name}${facts.length ? `: ${facts.join(', ')}` : ''}`, stack: framesOf(e.stack) };
  }
  return { message: String(e.message ?? e), stack: typeof e.stack === 'string' ? e.stack : undefined };
}
