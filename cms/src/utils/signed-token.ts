/**
 * The one way the CMS signs and checks what it hands out (run tickets, guest wallet secrets, preview links)
 * and compares secrets it is sent (the XSRF token, the metrics token, the Telegram webhook secret):
 * HMAC-SHA256 signatures in base64url (43 characters), compared in constant time.
 */
import crypto from 'crypto';

/** The HMAC-SHA256 of `text` under `key`, base64url (43 characters). */
export const sign = (key: string, text: string): string => crypto.createHmac('sha256', key).update(text).digest('base64url');

/**
 * Whether two secrets are equal, in time that tells nothing about where they differ (nor their lengths:
 * both are hashed to 32 bytes first). An empty `expected` matches nothing.
 */
export function sameSecret(expected: string, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Whether `signature` is the signature of `text` under `key` (constant time). */
export const signatureMatches = (key: string, text: string, signature: string): boolean => sameSecret(sign(key, text), signature);
