/**
 * The forms' validation (react-hook-form with yup schemas built from the contract's rules), loaded
 * on a form's first validation rather than with the page: yup and the schema are not on the way to
 * a page becoming interactive, and on a phone their evaluation would add to its longest task.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
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
