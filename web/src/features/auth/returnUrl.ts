/**
 * The destination after sign-in: a same-site path only ('/profile/edit?x=1#y'); anything that could
 * leave the site (absolute URLs, protocol-relative '//host', backslash tricks, javascript:) is ignored.
 */
export function safeReturnUrl(value: string | null | undefined, fallback = '/profile'): string {
  if (!value) return fallback;
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.includes('\\') || /[\u0000-\u001f]/.test(trimmed)) return fallback;
  try {
    const base = 'https://site.invalid';
    const url = new URL(trimmed, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
