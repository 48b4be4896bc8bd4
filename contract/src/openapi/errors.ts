/** The error bodies of the description: Strapi's `{ data: null, error: { status, name, message, details } }`, one per status. */
import { ERROR_NAMES, INTERNAL_ERROR_MESSAGE, type ErrorStatus } from '../http';
import type { FieldError } from '../rules/common';
import { arrayOf, component, constant, integer, objectOf, string, type Component, type Schema } from './schema';

export const FieldErrorSchema = component<FieldError>(
  'FieldError',
  objectOf<FieldError>(
    {
      path: arrayOf(string(), { minItems: 1, description: "The refused field's name (a nested field's names in order); `body` for the body as a whole." }),
      message: string({ description: 'What is wrong, as the forms show it.' }),
    },
    'One refused field.',
  ),
);

/** Refusals that name what they refuse: a field (400), or the body as a whole (411, 413, 415). */
const NAMING: ReadonlySet<ErrorStatus> = new Set<ErrorStatus>([400, 411, 413, 415]);

type Details = Record<string, unknown>;
const detailsOf = (status: ErrorStatus): Schema<Details> => {
  if (NAMING.has(status)) return objectOf<{ errors: FieldError[] }>({ errors: arrayOf(FieldErrorSchema.ref, { minItems: 1 }) }) as Schema<Details>;
  if (status === 429)
    return objectOf<{ retryAfterSeconds: number }>({ retryAfterSeconds: integer({ minimum: 1, description: 'As Retry-After says.' }) }) as Schema<Details>;
  if (status === 500) return objectOf<Record<string, never>>({}, 'Nothing: the failure is logged for the operator, never told.') as Schema<Details>;
  return { type: 'object' } as Schema<Details>;
};

interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Details };
}

/** The error body of one status, e.g. `ValidationError` for 400. */
export const errorBody = (status: ErrorStatus): Component<ErrorBody> =>
  component<ErrorBody>(
    ERROR_NAMES[status],
    objectOf<ErrorBody>({
      data: constant(null),
      error: objectOf<ErrorBody['error']>({
        status: constant(status) as Schema<number>,
        name: constant(ERROR_NAMES[status]) as Schema<string>,
        message:
          status === 500
            ? (constant(INTERNAL_ERROR_MESSAGE) as Schema<string>)
            : string({ description: "For people: the first refused field's message where there is one." }),
        details: detailsOf(status),
      }),
    }),
  );

/** Every error body the description uses, by status. */
export const ERROR_BODIES = new Map((Object.keys(ERROR_NAMES).map(Number) as ErrorStatus[]).map((status) => [status, errorBody(status)]));
