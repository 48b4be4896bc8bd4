import { safeReturnUrl } from './returnUrl';

describe('safeReturnUrl', () => {
  it.each([
    ['/profile/edit', '/profile/edit'],
    ['/profile/game-history?page=2#top', '/profile/game-history?page=2#top'],
    ['/games/nurse-help-me', '/games/nurse-help-me'],
    ['/./profile', '/profile'],
    ['/blog/../profile/edit', '/profile/edit'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/phish',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'profile',
    ' //evil.example',
    '/\t/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/./..//evil.example',
    '/%2e//evil.example',
    '/x/..//evil.example',
    '/././/evil.example/path?q#h',
  ])('falls back to /profile for %p', (input) => {
    expect(safeReturnUrl(input)).toBe('/profile');
  });

  // The whole class: every short combination of the characters that path normalisation and URL
  // parsing treat specially, followed by a host. Whatever comes back must stay on this site, both
  // for the URL parser and as a router path (never starting with two slashes or a backslash).
  it('never returns a destination that leaves the site, for any mix of dots, slashes and escapes', () => {
    const parts = ['/', '.', '..', '\\', '%2e', '%2f', '%5c', '\t', ' ', '@', ':', '?', '#'];
    let level = [''];
    const combos = [''];
    for (let length = 1; length <= 3; length++) {
      level = level.flatMap((prefix) => parts.map((part) => prefix + part));
      combos.push(...level);
    }
    let checked = 0;
    for (const combo of combos) {
      for (const input of [`/${combo}evil.example`, `${combo}evil.example`, `/${combo}/evil.example/x`]) {
        const result = safeReturnUrl(input);
        checked += 1;
        expect(result.startsWith('/')).toBe(true);
        expect(/^[/\\]{2}|^\/\\/.test(result)).toBe(false);
        expect(new URL(result, 'https://site.invalid').origin).toBe('https://site.invalid');
      }
    }
    expect(checked).toBeGreaterThan(6_000);
  });
});
