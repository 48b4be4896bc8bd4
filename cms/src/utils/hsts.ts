/**
 * Strict-Transport-Security, sent on secure requests only (TLS here, or a trusted proxy that says https):
 * by global::security-headers on the chain's answers and by the edge on its own (edge/replies.ts).
 */
export const HSTS = 'max-age=31536000; includeSubDomains';
