/**
 * The cache policy has one owner (src/edge/cache-policy.ts): its profiles are the only Cache-Control values the
 * CMS sends, and no other source file writes one (a header write with a value of its own, or a literal that
 * reads as one). Each lifetime is one constant.
 */
import fs from 'fs';
import path from 'path';
import { cachePolicy, inMs, isShareable, LIFETIMES } from '../src/edge/cache-policy';
import { cacheControlWrites } from './helpers/cache-control-writes';
import { sourceFiles } from './helpers/source-files';

const SRC = path.resolve(__dirname, '..', 'src');
const POLICY = path.join(SRC, 'edge', 'cache-policy.ts');

describe('the profiles', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['CACHE_MAX_AGE', 'CACHE_S_MAXAGE', 'CACHE_STALE_WHILE_REVALIDATE', 'CACHE_STALE_IF_ERROR']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('private, never stored, revalidated, browsers only, immutable', () => {
    expect(cachePolicy.private()).toBe('private, no-store');
    expect(cachePolicy.noStore()).toBe('no-store');
    expect(cachePolicy.revalidate()).toBe('no-cache');
    expect(cachePolicy.browsers(LIFETIMES.document)).toBe('public, max-age=300');
    expect(cachePolicy.browsers(LIFETIMES.siteFile)).toBe('public, max-age=3600');
    expect(cachePolicy.immutable()).toBe('public, max-age=31536000, immutable');
  });

  it("shared: the deployment's profile, read at each answer", () => {
    expect(cachePolicy.shared()).toBe('public, max-age=10, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400');
    Object.assign(process.env, { CACHE_MAX_AGE: '30', CACHE_S_MAXAGE: '600', CACHE_STALE_WHILE_REVALIDATE: '5', CACHE_STALE_IF_ERROR: '0' });
    expect(cachePolicy.shared()).toBe('public, max-age=30, s-maxage=600, stale-while-revalidate=5, stale-if-error=0');
  });

  it("shared: a shorter browsers' lifetime wins, a longer one never; a shared caches' lifetime replaces the deployment's", () => {
    expect(cachePolicy.shared({ browser: LIFETIMES.board })).toBe('public, max-age=5, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400');
    expect(cachePolicy.shared({ browser: 3600 })).toMatch(/^public, max-age=10, /);
    expect(cachePolicy.shared({ browser: LIFETIMES.board, cache: LIFETIMES.endedSeason })).toMatch(/^public, max-age=5, s-maxage=31536000, /);
  });

  it('tells a shareable Cache-Control from a private or unstored one', () => {
    expect(isShareable(cachePolicy.shared())).toBe(true);
    expect(isShareable('')).toBe(true);
    expect(isShareable(cachePolicy.private())).toBe(false);
    expect(isShareable(cachePolicy.noStore())).toBe(false);
  });

  it('lifetimes in milliseconds for the clocks', () => {
    expect(inMs(LIFETIMES.board)).toBe(5000);
    expect(inMs(LIFETIMES.content)).toBe(5 * 60_000);
  });
});

describe('no other module writes a Cache-Control value', () => {
  it('in cms/src, only the policy module holds one', () => {
    const found = sourceFiles(SRC)
      .filter((file) => file !== POLICY)
      .flatMap((file) =>
        cacheControlWrites(file, fs.readFileSync(file, 'utf8')).map((write) => `${path.relative(SRC, file)}:${write.line} ${write.why}: ${write.text}`),
      );
    expect(found).toEqual([]);
  });

  it('the check sees every way of writing one, and lets the policy, readers and other headers be', () => {
    const source = [
      "ctx.set('Cache-Control', 'private, no-store');",
      "res.setHeader('cache-control', value);",
      "const headers = { 'cache-control': 'no-store', vary: 'Origin' };",
      "headers['Cache-Control'] = maxAge;",
      "const lines = ['cache-control', text];",
      'const profile = `public, max-age=${seconds}`;',
      "const stored = 'no-store';",
      'const shared = /private|no-store/.test(header);',
      // Not writes: the policy's values, reads, other headers and ordinary words.
      "ctx.set('Cache-Control', cachePolicy.private());",
      "const ok = { 'cache-control': cachePolicy.noStore() };",
      "const read = ctx.response.get('Cache-Control');",
      "const replayed = ['cache-control', 'etag', 'vary'];",
      "const hsts = 'max-age=31536000; includeSubDomains';",
      "const chat = type === 'private';",
      '// a comment may say private, no-store',
    ].join('\n');
    expect(cacheControlWrites('sample.ts', source).map((write) => [write.line, write.why])).toEqual([
      [1, 'header write'],
      [1, 'directive literal'],
      [2, 'header write'],
      [3, 'header write'],
      [3, 'directive literal'],
      [4, 'header write'],
      [5, 'header write'],
      [6, 'directive literal'],
      [7, 'directive literal'],
      [8, 'directive literal'],
    ]);
  });
});
