/**
 * The outbound client: what a feed, a redirect or an image URL names is fetched only from a public
 * address, over http or https, within one deadline. Refused requests connect to nothing: a loopback
 * listener standing in for an internal service counts every connection it sees.
 */
import http from 'http';
import net, { type AddressInfo } from 'net';
import { addressRefusal, outboundRequest, urlRefusal } from '../src/utils/outbound';
import { secureImageUrl } from '../src/api/news-feed/reader/secure-images';
import { withTestApp } from './helpers/strapi';

/** A loopback HTTP listener that answers a tiny feed and counts connections. */
async function internalService() {
  let connections = 0;
  const server = http.createServer((_req, res) => {
    res
      .writeHead(200, { 'Content-Type': 'application/rss+xml' })
      .end('<rss version="2.0"><channel><title>internal</title><item><title>Secret</title><link>https://internal.example/secret</link></item></channel></rss>');
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, connections: () => connections, close: () => new Promise((resolve) => server.close(resolve)) };
}

const withLoopback = async (allowed: boolean, work: () => Promise<void>) => {
  const saved = process.env.OUTBOUND_ALLOW_PRIVATE;
  process.env.OUTBOUND_ALLOW_PRIVATE = allowed ? 'true' : 'false';
  try {
    await work();
  } finally {
    process.env.OUTBOUND_ALLOW_PRIVATE = saved;
  }
};

describe('the address rule', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['169.254.169.254', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['255.255.255.255', 'a reserved or documentation address'],
    ['198.18.0.1', 'a reserved or documentation address'],
    ['192.0.2.1', 'a reserved or documentation address'],
    ['2001:db8::1', 'a reserved or documentation address'],
    ['64:ff9b::7f00:1', 'an IPv6 address that embeds an IPv4 one'],
    ['2002:7f00:1::1', 'an IPv6 address that embeds an IPv4 one'],
    ['::127.0.0.1', 'an IPv6 address that embeds an IPv4 one'],
  ])('%s is %s', (address, rule) => withLoopback(false, async () => expect(addressRefusal(address)).toBe(`${address} is ${rule}`)));

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1', '100.128.0.1'])('%s is public', (address) =>
    withLoopback(false, async () => expect(addressRefusal(address)).toBeNull()),
  );

  it.each([
    ['http://2130706433/', 'a loopback address'],
    ['http://0x7f000001/', 'a loopback address'],
    ['http://0x7f.1/', 'a loopback address'],
    ['http://017700000001/', 'a loopback address'],
    ['http://0177.0.0.01/', 'a loopback address'],
    ['http://127.1/', 'a loopback address'],
    ['http://127.0.0.1./', 'a loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'a loopback address'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'a loopback address'],
    ['http://[::1]:8080/', 'a loopback address'],
    ['http://0/', 'an unspecified address'],
    ['http://169.254.169.254/latest/meta-data/', 'a link-local address'],
    ['http://0xa9fea9fe/', 'a link-local address'],
    ['http://[fd00::1]/', 'a unique-local address'],
  ])('%s is refused: %s, whatever its spelling', (url, rule) => withLoopback(false, async () => expect(urlRefusal(new URL(url))).toContain(rule)));

  it.each(['file:///etc/passwd', 'ftp://example.com/feed.xml', 'gopher://example.com/', 'data:text/xml,<rss/>', 'javascript:alert(1)'])(
    '%s is refused: http and https only',
    (url) => expect(urlRefusal(new URL(url))).toMatch(/not fetched \(http and https only\)/),
  );

  it('a URL with credentials is refused', () => expect(urlRefusal(new URL('http://user:pass@example.com/'))).toMatch(/credentials/));
});

describe('refused requests connect to nothing', () => {
  it.each([
    'http://127.0.0.1:PORT/feed',
    'http://2130706433:PORT/feed',
    'http://0x7f.1:PORT/feed',
    'http://127.1:PORT/feed',
    'http://[::ffff:127.0.0.1]:PORT/feed',
    'http://0.0.0.0:PORT/feed',
    'http://localhost:PORT/feed',
  ])('%s', async (template) => {
    const service = await internalService();
    await withLoopback(false, async () => {
      await expect(outboundRequest(template.replace('PORT', String(service.port)), { deadlineMs: 3000 })).rejects.toThrow(/refused|no address for localhost/);
    });
    expect(service.connections()).toBe(0);
    await service.close();
  });

  it('a redirect to a refused address or scheme is not followed, each hop checked like the first', async () => {
    const service = await internalService();
    let target = '';
    const feed = http.createServer((_req, res) => res.writeHead(302, { Location: target }).end());
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed`;
    // The first hop is on this machine, which the tests allow; the redirect targets stay refused.
    await withLoopback(true, async () => {
      for (const [to, rule] of [
        [`http://0.0.0.0:${service.port}/`, 'an unspecified address'],
        [`http://[::]:${service.port}/`, 'an unspecified address'],
        ['file:///etc/passwd', 'http and https only'],
      ]) {
        target = to;
        await expect(outboundRequest(feedUrl, { deadlineMs: 3000, maxRedirects: 5 })).rejects.toThrow(rule);
      }
    });
    expect(service.connections()).toBe(0);
    await new Promise((resolve) => feed.close(resolve));
    await service.close();
  });

  it('a redirect loop ends at the redirect limit', async () => {
    const loop = http.createServer((req, res) => res.writeHead(301, { Location: `${req.url}x` }).end());
    await new Promise<void>((resolve) => loop.listen(0, '127.0.0.1', resolve));
    await withLoopback(true, () =>
      expect(outboundRequest(`http://127.0.0.1:${(loop.address() as AddressInfo).port}/a`, { deadlineMs: 3000, maxRedirects: 5 })).rejects.toThrow(
        'more than 5 redirects',
      ),
    );
    await new Promise((resolve) => loop.close(resolve));
  });
});

describe('one deadline for the whole request', () => {
  /** A host that accepts a connection and then drips one byte every 300 ms for 20 s. */
  async function drippingHost(beforeDrip = '') {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      if (beforeDrip) socket.write(beforeDrip);
      let sent = 0;
      const timer = setInterval(() => (sent++ < 66 && !socket.destroyed ? socket.write('a') : clearInterval(timer)), 300);
      socket.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      close: () => {
        sockets.forEach((socket) => socket.destroy());
        return new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it('a feed body dripped a byte at a time is cut at the deadline', async () => {
    const host = await drippingHost('HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\n\r\n');
    const started = Date.now();
    await withLoopback(true, () =>
      expect(outboundRequest(`http://127.0.0.1:${host.port}/feed`, { deadlineMs: 1500 })).rejects.toThrow('no answer within 1500 ms'),
    );
    expect(Date.now() - started).toBeLessThan(3000);
    await host.close();
  });

  it("an image host that drips its TLS handshake is given up within the check's deadline (no image)", async () => {
    const host = await drippingHost();
    const started = Date.now();
    await withLoopback(true, async () => expect(await secureImageUrl(`http://127.0.0.1:${host.port}/cover.jpg`)).toBeNull());
    expect(Date.now() - started).toBeLessThan(5000);
    await host.close();
  });
});

describe('a feed that names an internal address, in the panel', () => {
  const app = withTestApp({ OUTBOUND_ALLOW_PRIVATE: 'false' });

  it('records a feed error naming the rule, stores nothing and connects to nothing', async () => {
    const service = await internalService();
    const urls = [
      `http://127.0.0.1:${service.port}/rss`,
      `http://2130706433:${service.port}/rss`,
      'http://169.254.169.254/latest/meta-data/rss',
      'file:///etc/passwd',
    ];
    for (const [i, url] of urls.entries()) {
      await app.strapi.db.query('api::news-feed.news-feed').create({ data: { name: `internal ${i}`, url, category: 'health', enabled: true } });
    }
    const report = await app.strapi.service('api::news-feed.aggregator').run();
    const errors = Object.fromEntries(report.feeds.map((f: { feed: string; error?: string }) => [f.feed, f.error]));
    expect(errors['internal 0']).toBe(`refused: 127.0.0.1 is a loopback address`);
    expect(errors['internal 1']).toBe(`refused: 127.0.0.1 is a loopback address`);
    expect(errors['internal 2']).toBe('refused: 169.254.169.254 is a link-local address');
    expect(errors['internal 3']).toBe('refused: file URLs are not fetched (http and https only)');
    expect(report.created).toBe(0);
    expect(await app.strapi.db.query('api::news-item.news-item').count({ where: { title: 'Secret' } })).toBe(0);
    expect(service.connections()).toBe(0);
    await service.close();
  });
});
