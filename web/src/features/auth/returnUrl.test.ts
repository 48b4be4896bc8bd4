import { safeReturnUrl } from './returnUrl';

describe('safeReturnUrl', () => {
  it.each([
    ['/profile/edit', '/profile/edit'],
    ['/profile/game-history?page=2#top', '/profile/game-history?page=2#top'],
    ['/games/nurse-help-me', '/games/nurse-help-me'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });

  it.each([null, '', 'https://evil.example/phish', '//evil.example', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', 'profile', ' //evil.example', '/\t/evil.example'])(
    'falls back to /profile for %p',
    (input) => {
      expect(safeReturnUrl(input)).toBe('/profile');
    },
  );
});
