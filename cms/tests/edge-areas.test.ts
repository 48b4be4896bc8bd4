/** The path areas (src/edge/areas.ts): which area a path is in, as the edge, the cache policy, the site and the log ask. */
import { areaLabel, firstSegment, isChainArea, isPrivateArea, isStrapiArea, isUploadsPath, PANEL_PATHS } from '../src/edge/areas';

it('a path is in the area its first segment names, whatever its case', () => {
  expect(firstSegment('/')).toBe('');
  expect(firstSegment('/api')).toBe('api');
  expect(firstSegment('/API/blog?x')).toBe('api');
  expect(firstSegment('/blog/a-post')).toBe('blog');
});

it.each([
  // path, the chain's own (never a page), private by default, Strapi's whatever Accept says
  ['/api/blog', true, true, true],
  ['/graphql', true, true, true],
  ['/cms/auth/login', true, false, true],
  ['/admin/login', true, true, false],
  ['/content-manager/collection-types/x', false, true, false],
  ['/upload/files', false, true, false],
  ['/uploads/a.png', true, false, true],
  ['/_health', true, false, true],
  ['/_ready', true, false, true],
  ['/metrics', true, false, false],
  ['/', false, false, false],
  ['/blog/api', false, false, false],
  ['/apiary', false, false, false],
  ['/assets/index-abc.js', false, false, false],
])('%s: the chain owns it %s, private %s, Strapi answers it %s', (path, chain, privately, strapi) => {
  expect([isChainArea(path), isPrivateArea(path), isStrapiArea(path)]).toEqual([chain, privately, strapi]);
});

it.each([
  ['/_health', '/_health'],
  ['/_ready', '/_ready'],
  ['/metrics', '/metrics'],
  ['/graphql', '/graphql'],
  ['/assets/index-abc.js', '/assets/*'],
  ['/uploads/a.png', '/uploads/*'],
  ['/cms/content-manager', 'panel'],
  ['/admin/users/me', 'panel'],
  ['/content-manager/x', 'panel'],
  ['/i18n/locales', 'panel'],
  ['/api/no-such-route', '/api/*'],
  ['/api', 'site'],
  ['/blog/a-post', 'site'],
  ['/', 'site'],
])('%s is labelled %s in the metrics and the log when no route matched', (path, label) => {
  expect(areaLabel(path)).toBe(label);
});

it('uploads and the panel as paths', () => {
  expect(isUploadsPath('/uploads/a.svg')).toBe(true);
  expect(isUploadsPath('/upload/files')).toBe(false);
  expect(PANEL_PATHS).toEqual(['/cms', '/admin']);
});
