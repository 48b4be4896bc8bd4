/**
 * Strict-Transport-Security, sent on secure requests only (TLS here, or a trusted proxy that says https):
 * by global::security-headers on the chain's answers and by the front door on its own.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';
