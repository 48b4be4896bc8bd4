/**
 * JSON Schema (2020-12, OpenAPI 3.1's dialect) built from the contract's TypeScript: each helper's result
 * carries the type it describes, so an object's schema must name every field of its wire type, optional
 * ones marked, with a schema of the field's type. A field added to a wire type fails to compile here
 * until the description says what it is.
 */

/** Any JSON Schema, whatever it describes. */
export type AnySchema = { readonly [keyword: string]: unknown; readonly optional?: never };
/** A JSON Schema describing values of type T, exactly (T is only read by the compiler). */
export type Schema<T> = AnySchema & { readonly __describes?: (value: T) => T };

/** A field that may be absent. */
export interface Optional<T> {
  optional: Schema<T>;
}

/** The fields of T, each with its schema; optional fields of T wrapped in optional(). */
export type Fields<T> = { [K in keyof T]-?: Partial<Pick<T, K>> extends Pick<T, K> ? Optional<Exclude<T[K], undefined>> : Schema<T[K]> };

type Annotations = { description?: string };
type StringRules = Annotations & { minLength?: number; maxLength?: number; pattern?: RegExp; format?: 'date-time' | 'uuid' };
type NumberRules = Annotations & { minimum?: number; maximum?: number; default?: number };

const schema = <T>(keywords: Record<string, unknown>): Schema<T> => {
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(keywords)) if (value !== undefined) out[keyword] = value;
  return out as Schema<T>;
};

export const string = ({ pattern, ...rules }: StringRules = {}): Schema<string> => schema({ type: 'string', ...rules, pattern: pattern?.source });
export const dateTime = (description?: string): Schema<string> => string({ format: 'date-time', description });
export const integer = (rules: NumberRules = {}): Schema<number> => schema({ type: 'integer', ...rules });
export const boolean = (description?: string): Schema<boolean> => schema({ type: 'boolean', description });
export const constant = <const T extends string | number | boolean | null>(value: T, description?: string): Schema<T> => schema({ const: value, description });
export const oneOf = <const T extends string>(values: readonly T[], description?: string): Schema<T> =>
  schema({ type: 'string', enum: [...values], description });
export const arrayOf = <T>(items: Schema<T>, rules: Annotations & { minItems?: number; maxItems?: number } = {}): Schema<T[]> =>
  schema({ type: 'array', items, ...rules });
export const nullable = <T>(of: Schema<T>): Schema<T | null> => schema({ anyOf: [of, { type: 'null' }] });
export const either = <A, B>(a: Schema<A>, b: Schema<B>, description?: string): Schema<A | B> => schema({ anyOf: [a, b], description });
export const optional = <T>(of: Schema<T>): Optional<T> => ({ optional: of });
/** Any JSON value (a rich-text body as the editor stores it). */
export const anyJson = (description?: string): Schema<unknown> => schema({ description });

/** An object with exactly T's fields (no others: an answer never carries a field the description does not name). */
export function objectOf<T>(fields: Fields<T>, description?: string): Schema<T> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields as Record<string, AnySchema | Optional<unknown>>)) {
    if ('optional' in field && field.optional !== undefined) properties[name] = (field as Optional<unknown>).optional;
    else {
      properties[name] = field;
      required.push(name);
    }
  }
  return schema({ type: 'object', description, properties, required: required.length ? required : undefined, additionalProperties: false });
}

/**
 * A request body's object: T's fields, optional ones marked. Other fields are ignored by the server (so a
 * client may send more than it reads), unlike an answer's.
 */
export function requestOf<T>(fields: Fields<T>, description?: string): Schema<T> {
  const { additionalProperties: _ignored, ...rest } = objectOf<T>(fields, description) as Record<string, unknown>;
  return rest as Schema<T>;
}

/** A map of names to values of one schema (an image's formats by size name). */
export const recordOf = <T>(values: Schema<T>, description?: string): Schema<Record<string, T>> =>
  schema({ type: 'object', additionalProperties: values, description });

/** A named schema of components.schemas: `ref` points at it. */
export interface Component<T> {
  name: string;
  schema: Schema<T>;
  ref: Schema<T>;
}

export const component = <T>(name: string, of: Schema<T>): Component<T> => ({ name, schema: of, ref: schema({ $ref: `#/components/schemas/${name}` }) });
