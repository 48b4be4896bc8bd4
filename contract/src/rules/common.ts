/** What every form rule shares: the email pattern, text helpers and the shape of a field error. */

/**
 * name@label.label...: no spaces or '@' anywhere, dots only between labels. Each part is bounded by a
 * character the next part cannot start with, so the match is linear in the input (the earlier
 * `[^\s@]+\.[^\s@]+` let the domain and its dot trade characters, quadratic on 'a@' + dots + '@').
 * Rules still check the length first.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** `text` without the `char`s at its end; a loop, because a `/x+$/` pattern retries from every position. */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
}

/** Links the site follows or shows (a news item's article and image): absolute http or https URLs only. */
export const WEB_URL_MESSAGE = 'must be an http or https address';
const WEB_URL = /^https?:\/\/[^\s/?#]/i;
export const isWebUrl = (text: unknown): text is string => typeof text === 'string' && text.length <= 2000 && WEB_URL.test(text);
/** A path on this site ('/uploads/x.webp'), not a protocol-relative '//host' one. */
const SITE_PATH = /^\/[^/\\]/;
/** Images may also be the site's own files (the media library's uploads). */
export const IMAGE_URL_MESSAGE = 'must be an http or https address, or a path on this site';
export const isImageUrl = (text: unknown): text is string => isWebUrl(text) || (typeof text === 'string' && text.length <= 2000 && SITE_PATH.test(text));

export interface FieldError {
  path: string[];
  message: string;
}
