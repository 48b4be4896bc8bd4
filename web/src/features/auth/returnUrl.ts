/**
 * The destination after sign-in: a same-site path only ('/profile/edit?x=1#y'); anything that could
 * leave the site (absolute URLs, protocol-relative '//host', backslash tricks, dot segments that
 * collapse into '//host' such as '/.//host', javascript:) is ignored.
 */
const BASE = 'https://site.invalid';

/** A path that a browser or the router could read as another host: '//host', '/\host'. */
const leavesSite = (path: string) => /^[/\\]{2}/.test(path) || /^\/[/\\]/.test(path);

export function safeReturnUrl(value: string | null | undefined, fallback = '/profile'): string {
  if (!value) return fallback;
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || leavesSite(trimmed) || trimmed.includes('\\') || /\p{Cc}/u.test(trimmed)) return fallback;
  try {
    const url = new URL(trimmed, BASE);
    if (url.origin !== BASE) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Normalising dot segments can produce '//host' ('/.//evil.example'): check the result as well.
    if (leavesSite(path) || new URL(path, BASE).origin !== BASE) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
