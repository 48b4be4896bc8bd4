/**
 * The forms' validation (react-hook-form with yup schemas built from the contract's rules), loaded
 * on a form's first validation rather than with the page: yup and the schema are not on the way to
 * a page becoming interactive, and on a phone their evaluation would add to its longest task.
 */
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import type { AnyObjectSchema } from 'yup';

export function lazyYupResolver<Values extends FieldValues>(loadSchema: () => Promise<AnyObjectSchema>): Resolver<Values> {
  let resolver: Promise<Resolver<Values>> | null = null;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/yup'), loadSchema()]).then(
      ([{ yupResolver }, schema]) => yupResolver(schema) as unknown as Resolver<Values>,
    );
    // A failed download (offline) is not remembered: the next validation tries again.
    resolver.catch(() => {
      resolver = null;
    });
    return (await resolver)(values, context, options);
  };
}

/**
 * A 400's field errors (the server names each field, in Strapi's error body) set on the form's own
 * fields; true when at least one was, so the caller shows no second, general message.
 */
export function showServerFieldErrors<Values extends FieldValues>(error: unknown, fields: readonly Path<Values>[], setError: UseFormSetError<Values>): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const details = (error.body as { error?: { details?: { errors?: { path?: unknown[]; message?: unknown }[] } } } | null)?.error?.details?.errors ?? [];
  let shown = false;
  for (const problem of details) {
    const field = problem.path?.[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && typeof problem.message === 'string') {
      setError(field as Path<Values>, { type: 'server', message: problem.message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/**
 * A form validated on every change (the sign-in, register and account forms). A field's error shows once
 * the field was touched, after a submit attempt, or when the server named the field; `field(name)` gives
 * a TextField its registration, error and that rule.
 */
export function useValidatedForm<Values extends FieldValues>(resolver: Resolver<Values>, defaultValues?: DefaultValues<Values>) {
  const form = useForm<Values>({ resolver, mode: 'all', defaultValues });
  const { errors, touchedFields, submitCount } = form.formState;
  const errorOf = (name: Path<Values>) => (errors as Record<string, FieldError | undefined>)[name];
  const shown = (name: Path<Values>) => !!(touchedFields as Record<string, unknown>)[name] || submitCount > 0 || errorOf(name)?.type === 'server';
  const field = (name: Path<Values>) => ({ registration: form.register(name), error: errorOf(name), touched: shown(name) });
  return { ...form, shown, field };
}
