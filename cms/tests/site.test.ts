/**
 * The server-rendered site: status codes, each page's head, the site whatever the Accept header,
 * /sitemap.xml, /robots.txt and /blog/rss.xml. Boots the built CMS with the built site (web/dist
 * and its server renderer web/dist-server).
 */
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import zlib from 'zlib';
import Parser from 'rss-parser';
import { startTestApp, type TestApp } from './helpers/strapi';

const seedDist = path.resolve(__dirname, '..', '..', 'seed', 'dist');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command (seed/dist, built by npm test), by its path
const { seedBlog } = require(path.join(seedDist, 'blog.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command (seed/dist, built by npm test), by its path
const { seedNews } = require(path.join(seedDist, 'news.js'));

const BLOG = 'api::blog-post.blog-post';
const ORIGIN = 'https://haic.example';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: ORIGIN });
  // The site answers for PUBLIC_URL's host only.
  app.http.agent.set('Host', new URL(ORIGIN).host);
  // Take the XSRF cookie first: the client reads it from the first answer that sets it.
  await app.http.xsrfToken();
  await seedBlog(app.strapi);
  await seedNews(app.strapi);
});

afterAll(async () => {
  await app?.stop();
});

/** A GET with the body as it came over the wire (supertest would decompress it). */
async function rawGet(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; status: number }> {
  const server = app.strapi.server.httpServer;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { Host: new URL(ORIGIN).host, 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const get = (url: string, accept?: string) => {
  const req = app.http.agent.get(url);
  return accept === undefined ? req : req.set('Accept', accept);
};

/** The content of a <meta> tag by name or property, or a <link rel>'s href. */
const metaContent = (html: string, key: string) => html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];
const linkHref = (html: string, rel: string) => html.match(new RegExp(`<link rel="${rel}"[^>]* href="([^"]*)"`))?.[1];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe('every GET of a site route gets the site, whatever it accepts', () => {
  it.each([['*/*'], ['application/json'], [undefined], ['text/html,application/xhtml+xml']])('/ with Accept %s answers the home page', async (accept) => {
    const response = await get('/', accept);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(titleOf(response.text)).toBe('Home - HAIC');
    // Rendered on the server: the page's text is in the HTML.
    expect(response.text).toMatch(/<h1[^>]*>\s*Healthcare AI on the XRP Ledger\s*<\/h1>/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("keeps the panel's admin API for its JSON fetches under /admin", async () => {
    const response = await get('/admin/init', 'application/json');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveProperty('hasAdmin');
  });

  it('renders each marketing page title with its text', async () => {
    const pages: Array<[string, string, string]> = [
      ['/haic-token', 'HAIC Token - HAIC', 'XRP Ledger'],
      ['/whitepaper', 'Whitepaper - HAIC', '30 billion'],
      ['/contact', 'Contact - HAIC', 'Contact Us'],
      ['/games', 'Games - HAIC', 'Web games and integrations will appear here.'],
    ];
    for (const [url, title, text] of pages) {
      const response = await get(url, '*/*');
      expect(response.status).toBe(200);
      expect(titleOf(response.text)).toBe(title);
      expect(response.text).toContain(text);
      expect(linkHref(response.text, 'canonical')).toBe(`${ORIGIN}${url}`);
    }
  });

  it("holds its page's styles, the components' before the page's own, and no stylesheet to wait for", async () => {
    const html = (await get('/', 'text/html')).text;
    const inlined = [...html.matchAll(/<style data-href="\/assets\/([A-Za-z]+)-[^"]+\.css">/g)].map((m) => m[1]);
    // The entry's styles, then the shared components', then the home page's, which may override them.
    expect(inlined[0]).toBe('index');
    expect(inlined).toEqual(expect.arrayContaining(['BackgroundVideo', 'HomePage']));
    expect(inlined.indexOf('BackgroundVideo')).toBeLessThan(inlined.indexOf('HomePage'));
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
  });

  it('draws the buttons only the scripts can work as not ready (aria-disabled) until the browser has taken the page over', async () => {
    const button = (html: string, text: string) => html.match(new RegExp(`<button [^>]*>(?:(?!</button>).)*${text}`))?.[0] ?? '';
    const expectations: Array<[string, string[]]> = [
      ['/games/nurse-help-me', ['Start Game']],
      ['/blog', ['Load More', 'Digital Assets', 'Learn More']],
      ['/news', ['Refresh', 'All', 'Crypto']],
      ['/signin', ['Show', 'Forgot password\\?', 'Play as Guest']],
      ['/', ['Play video']],
    ];
    for (const [path, texts] of expectations) {
      const html = (await get(path, 'text/html')).text;
      for (const text of texts) expect([path, text, button(html, text)]).toEqual([path, text, expect.stringContaining('aria-disabled="true"')]);
    }
    // The header's menu icon is a link to the footer's page list until then.
    expect((await get('/', 'text/html')).text).toMatch(/<a href="#site-footer" class="[^"]*" aria-label="Site links">/);
  });

  it('draws only a shell for account and admin pages', async () => {
    const response = await get('/profile', 'text/html');
    expect(response.status).toBe(200);
    expect(titleOf(response.text)).toBe('My Profile - HAIC');
    expect(metaContent(response.text, 'robots')).toBe('noindex');
  });
});

describe('real status codes', () => {
  it.each([['/no-such-page'], ['/blog/a/b'], ['/admin/users']])('%s is a 404 with the not-found page', async (url) => {
    const response = await get(url, 'text/html');
    expect(response.status).toBe(404);
    expect(response.text).toContain('Page not found');
    expect(titleOf(response.text)).toBe('Page Not Found - HAIC');
  });

  it('an unknown path asked for with Accept */* gets the 404 page too', async () => {
    const response = await get('/no-such-page', '*/*');
    expect(response.status).toBe(404);
    expect(response.text).toContain('Page not found');
  });

  it('an unknown slug and an unpublished post are 404', async () => {
    const unknown = await get('/blog/no-such-post', '*/*');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Post not found');

    await app.strapi.documents(BLOG).create({
      data: { title: 'Only a draft', slug: 'only-a-draft', summary: 'Draft', authorName: 'Ed', publishedDate: '2026-02-01' } as any,
    });
    const draft = await get('/blog/only-a-draft', 'text/html');
    expect(draft.status).toBe(404);
    expect(draft.text).not.toContain('Only a draft</h1>');
    // A preview link whose token nobody vouches for shows no draft either.
    const forged = await get('/blog/only-a-draft?preview=forged-token', 'text/html');
    expect(forged.status).toBe(404);
    expect(forged.text).not.toContain('Only a draft</h1>');
  });

  it('a valid preview link gets the draft with its banner in the HTML, private and never indexed', async () => {
    const draft = await app.strapi.documents(BLOG).create({
      data: { title: 'Previewed draft', slug: 'previewed-draft', summary: 'Draft', authorName: 'Ed', publishedDate: '2026-02-01' } as any,
    });
    const token = (app.strapi.service('api::blog-post.preview' as any) as any).createToken(draft.documentId);
    const response = await get(`/blog/previewed-draft?preview=${encodeURIComponent(token)}`, 'text/html');
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/<h1>Previewed draft<\/h1>/);
    // The banner is part of the page the server sends (nothing moves when the browser takes over).
    expect(response.text).toContain('Preview — not published');
    expect(response.text).toContain('Only people with this link can see this draft.');
    expect(metaContent(response.text, 'robots')).toBe('noindex');
    expect(response.headers['cache-control']).toBe('private, no-store');
    // The same path without the token is still not found.
    expect((await get('/blog/previewed-draft', 'text/html')).status).toBe(404);
  });
});

describe('a blog post page', () => {
  it('holds the post and its own head: title, description, canonical, absolute og:image, article time, JSON-LD', async () => {
    const [first] = (await app.http.get('/api/blog?page=1&pageSize=1')).body;
    const post = await app.strapi.documents(BLOG).findFirst({ filters: { slug: first.slug }, status: 'published' });
    const response = await get(`/blog/${first.slug}`, '*/*');
    expect(response.status).toBe(200);
    const html = response.text;
    expect(titleOf(html)).toBe(`${first.title} - HAIC`.replace(/&/g, '&amp;'));
    expect(metaContent(html, 'description')).toBe(first.summary);
    expect(linkHref(html, 'canonical')).toBe(`${ORIGIN}/blog/${first.slug}`);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}${first.featuredImageUrl}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'article:published_time')).toBe(first.publishedDate);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)![1]);
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: first.title, datePublished: first.publishedDate, author: { name: first.authorName } });
    // The body: title, author, date and text are in the HTML.
    expect(html).toContain(`By <!-- -->${first.authorName}`);
    const firstText = JSON.stringify((post as any).body).match(/"text":"([^"]{12,})"/)?.[1];
    expect(firstText && html.includes(firstText.slice(0, 12))).toBe(true);
    // The hero picture: its generated sizes, dimensions, loaded first.
    const hero = html.match(/<img class="[^"]*featured[^"]*"[^>]*>/)![0];
    expect(hero).toMatch(/srcSet="[^"]+ \d+w, [^"]+ \d+w/);
    expect(hero).toMatch(/width="\d+" height="\d+"/);
    expect(hero).toContain('fetchpriority="high"');
    // The head asks for the same picture (same candidates and sizes) before the body is read.
    const preload = html.match(/<link rel="preload" as="image"[^>]*>/)![0];
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('</head>'));
    expect(preload).toContain(`imagesrcset="${hero.match(/srcSet="([^"]+)"/)![1]}"`);
    expect(preload).toContain(`imagesizes="${hero.match(/sizes="([^"]+)"/)![1]}"`);
    expect(preload).toContain('fetchpriority="high"');
    // The scripts only make the page interactive: they wait behind the picture.
    expect(html).toMatch(/<script type="module" fetchpriority="low"[^>]* src="\/assets\/index-[^"]+\.js">/);
    expect(html).not.toMatch(/<link rel="modulepreload"(?![^>]*fetchpriority="low")[^>]*>/);
    // The post travels in the page for hydration as the Apollo cache's extract (which the browser
    // reads before Apollo Client loads): Apollo Client is not among the scripts the page needs first.
    const data = JSON.parse(html.match(/<script type="application\/json" id="haic-data">([^<]*)<\/script>/)![1]);
    const stored = Object.entries(data.apollo.ROOT_QUERY).find(([key]) => key.startsWith('blogPosts('));
    expect(JSON.parse(stored![0].slice('blogPosts('.length, -1))).toMatchObject({ filters: { slug: { eq: first.slug } } });
    // Apollo's cache keeps each post once (keyed by its documentId) and the query's answer refers to it.
    const refs = stored![1] as { __ref: string }[];
    expect(refs).toHaveLength(1);
    expect(data.apollo[refs[0].__ref]).toEqual(expect.objectContaining({ documentId: post!.documentId, title: first.title, summary: first.summary }));
    expect(html).not.toMatch(/apolloClient-[\w-]+\.js/);
  });

  it('the blog list holds its first page of cards, links its feed, and Read more names the post', async () => {
    const response = await get('/blog', '*/*');
    expect(response.status).toBe(200);
    const page = (await app.http.get('/api/blog?page=1&pageSize=10')).body;
    for (const post of page) expect(response.text).toContain(`href="/blog/${post.slug}"`);
    expect(response.text).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="HAIC Blog" href="https:\/\/haic\.example\/blog\/rss\.xml"/);
    expect(response.text.replace(/<!-- -->/g, '')).toContain(`Read more<span class="visually-hidden"> about ${page[0].title.replace(/&/g, '&amp;')}</span>`);
    // One picture is loaded first (the first card's), and the head asks for that one.
    expect(response.text.match(/<img [^>]*fetchpriority="high"/g)).toHaveLength(1);
    const preloads = response.text.match(/<link rel="preload" as="image" href="([^"]+)"/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(response.text).toMatch(new RegExp(`<img src="${preloads[0].match(/href="([^"]+)"/)![1]}"[^>]*fetchpriority="high"`));
  });

  it('an edit shows on the next request: the page cache follows the content version', async () => {
    const before = await get('/blog', 'text/html');
    const [first] = (await app.http.get('/api/blog?page=1&pageSize=1')).body;
    expect(before.text).toContain(first.title.replace(/&/g, '&amp;'));
    await app.strapi.documents(BLOG).update({ documentId: first.id, data: { title: 'Edited in the panel' } as any });
    await app.strapi.documents(BLOG).publish({ documentId: first.id });
    const after = await get('/blog', 'text/html');
    expect(after.text).toContain('Edited in the panel');
    const post = await get(`/blog/${first.slug}`, 'text/html');
    expect(titleOf(post.text)).toBe('Edited in the panel - HAIC');
  });

  it('the news page holds its cards', async () => {
    const response = await get('/news', '*/*');
    const news = (await app.http.get('/api/news/aggregate')).body;
    expect(response.status).toBe(200);
    expect(response.text).toContain(news[0].title.replace(/&/g, '&amp;'));
  });
});

describe("the site's own files", () => {
  it('are sent in the brotli or gzip copy the build wrote, whichever the browser accepts, and cached for good', async () => {
    const html = (await get('/', 'text/html')).text;
    const script = html.match(/<script type="module"[^>]* src="(\/assets\/index-[^"]+\.js)"/)![1];
    const plain = await rawGet(script, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await rawGet(script, encoding);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(response.body).equals(plain.body)).toBe(true);
      expect(response.body.length).toBeLessThan(plain.body.length / 2);
    }
    // The brotli copy is as small as brotli gets (the build's, not a fast on-the-fly pass).
    const best = zlib.brotliCompressSync(plain.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect((await rawGet(script, 'br')).body.length).toBeLessThanOrEqual(Math.ceil(best * 1.01));
  });
});

describe('sitemap, robots and RSS', () => {
  it('robots.txt names the sitemap and keeps private areas out', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const p of ['/admin', '/login', '/profile', '/cms']) expect(response.text).toContain(`Disallow: ${p}\n`);
  });

  const locs = (text: string) => [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it('the sitemap is an index of the pages file and the posts files; a post published in the test is listed, and dropped when unpublished', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/xml/);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.text)).toEqual([`${ORIGIN}/sitemap-pages.xml`, `${ORIGIN}/sitemap-posts-1.xml`]);

    const pages = await get('/sitemap-pages.xml');
    expect(pages.status).toBe(200);
    for (const p of ['/', '/blog', '/news', '/haic-token', '/contact']) expect(pages.text).toContain(`<loc>${ORIGIN}${p}</loc>`);
    expect(pages.text).not.toContain('/profile');
    expect(pages.text).not.toContain('/admin');

    const created = await app.strapi.documents(BLOG).create({
      data: { title: 'Sitemap news', slug: 'sitemap-news', summary: 'Fresh', authorName: 'Ed', publishedDate: '2026-03-01' } as any,
      status: 'published',
    });
    const listed = await get('/sitemap-posts-1.xml');
    expect(listed.text).toMatch(new RegExp(`<url><loc>${ORIGIN}/blog/sitemap-news</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`));

    await app.strapi.documents(BLOG).unpublish({ documentId: created.documentId });
    const dropped = await get('/sitemap-posts-1.xml');
    expect(dropped.text).not.toContain('/blog/sitemap-news');
    expect((await get('/blog/sitemap-news', '*/*')).status).toBe(404);
  });

  it('posts are split into files of at most SITEMAP_URLS_PER_FILE URLs; together they list every readable post once, and no further file exists', async () => {
    const previous = process.env.SITEMAP_URLS_PER_FILE;
    process.env.SITEMAP_URLS_PER_FILE = '2';
    try {
      for (const n of [1, 2, 3]) {
        await app.strapi.documents(BLOG).create({
          data: { title: `Split ${n}`, slug: `sitemap-split-${n}`, summary: 'Split', authorName: 'Ed', publishedDate: `2026-02-0${n}` } as any,
          status: 'published',
        });
      }
      // Dated tomorrow: not readable yet, so not listed.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await app.strapi.documents(BLOG).create({
        data: { title: 'Split later', slug: 'sitemap-split-later', summary: 'Later', authorName: 'Ed', publishedDate: tomorrow } as any,
        status: 'published',
      });
      const readable = (await app.strapi.documents(BLOG).findMany({ status: 'published', fields: ['slug', 'publishedDate'] as any }))
        .filter((post: any) => post.publishedDate <= new Date().toISOString().slice(0, 10))
        .map((post: any) => `${ORIGIN}/blog/${post.slug}`);
      const files = locs((await get('/sitemap.xml')).text).slice(1);
      expect(files).toEqual(Array.from({ length: Math.ceil(readable.length / 2) }, (_, i) => `${ORIGIN}/sitemap-posts-${i + 1}.xml`));
      const listed: string[] = [];
      for (const file of files) {
        const response = await get(file.slice(ORIGIN.length));
        expect(response.status).toBe(200);
        expect(locs(response.text).length).toBeLessThanOrEqual(2);
        listed.push(...locs(response.text));
      }
      expect(listed.sort()).toEqual(readable.sort());
      expect(listed).not.toContain(`${ORIGIN}/blog/sitemap-split-later`);
      expect((await get(`/sitemap-posts-${files.length + 1}.xml`, '*/*')).status).toBe(404);
    } finally {
      if (previous === undefined) delete process.env.SITEMAP_URLS_PER_FILE;
      else process.env.SITEMAP_URLS_PER_FILE = previous;
    }
  });

  it('the RSS feed parses with a real feed reader: the latest 20 published posts, absolute links', async () => {
    for (let n = 0; n < 12; n += 1) {
      await app.strapi.documents(BLOG).create({
        data: {
          title: `Feed post ${n} <&>`,
          slug: `feed-post-${n}`,
          summary: `Summary ${n}`,
          authorName: 'Ed',
          publishedDate: `2025-0${(n % 9) + 1}-1${n % 9}`,
        } as any,
        status: 'published',
      });
    }
    const response = await get('/blog/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/rss\+xml/);
    const feed = await new Parser().parseString(response.text);
    expect(feed.title).toBe('HAIC Blog');
    expect(feed.link).toBe(`${ORIGIN}/blog`);
    expect(feed.items).toHaveLength(20);
    const newest = (await app.http.get('/api/blog?page=1&pageSize=20')).body;
    expect(feed.items.map((i) => i.title)).toEqual(newest.map((p: any) => p.title));
    for (const item of feed.items) expect(item.link).toMatch(new RegExp(`^${ORIGIN}/blog/[^/]+$`));
    expect(feed.items.some((i) => i.title?.includes('<&>'))).toBe(feed.items.length > 0 && newest.some((p: any) => p.title.includes('<&>')));
  });
});

describe('one road for blog reads', () => {
  it('GraphQL lists posts in the order /api/blog does, whatever sort it is asked for', async () => {
    const rest = (await app.http.get('/api/blog?page=1&pageSize=10')).body.map((p: any) => p.slug);
    const response = await app.http.post('/graphql', {
      query: '{ blogPosts(sort: ["title:asc"], pagination: { page: 1, pageSize: 10 }) { slug featuredImage { url width height formats } } }',
    });
    expect(response.status).toBe(200);
    expect(response.body.data.blogPosts.map((p: any) => p.slug)).toEqual(rest);
  });
});
