import type { FieldError } from '@haic/contract';
import { invalid } from './api-error';

interface WholeNumberParam {
  /** Taken when the parameter is absent. */
  fallback: number;
  min: number;
  max?: number;
}

/**
 * The one reading of whole-number query parameters (paging, list limits). An absent parameter takes
 * its fallback; anything but one plain whole number within the bounds (an empty value, a repeated
 * parameter, a sign, a fraction, an exponent) is a 400 naming each such parameter.
 */
export function readWholeNumbers<Name extends string>(query: Record<string, unknown>, params: Record<Name, WholeNumberParam>): Record<Name, number> {
  const problems: FieldError[] = [];
  const values = {} as Record<Name, number>;
  for (const name of Object.keys(params) as Name[]) {
    const { fallback, min, max = Number.MAX_SAFE_INTEGER } = params[name];
    const raw = query[name];
    if (raw === undefined) {
      values[name] = fallback;
      continue;
    }
    const value = typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
    if (Number.isSafeInteger(value) && value >= min && value <= max) {
      values[name] = value;
    } else {
      const bounds = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
      problems.push({ path: [name], message: `${name} must be a whole number ${bounds}` });
    }
  }
  if (problems.length) throw invalid(problems);
  return values;
}
