/**
 * A value from outside (a request body, a thrown value) read as a bag of fields: anything that is not
 * an object reads as no fields. Each field is still `unknown` and is checked where it is used.
 */
export const fieldsOf = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
