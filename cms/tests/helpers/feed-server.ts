/**
 * Loopback servers for the news aggregation tests.
 *
 * - `startFeedServer` answers plain HTTP and, on the same port, HTTPS (the first byte of a connection
 *   tells a TLS handshake from an HTTP request), with a self-signed certificate for 127.0.0.1 kept in
 *   fixtures/tls (test-only). So an `http://127.0.0.1:PORT/x.jpg` image is served over https by "the
 *   same host", as a real site that serves both would.
 * - `trustLoopbackOnly` makes this process's https requests (the aggregator's image checks) trust that
 *   certificate and resolve every host name to 127.0.0.1: images on real hosts named in the fixtures meet
 *   a closed port 443 and count as "not served over https", with no request leaving the machine.
 */
import fs from 'fs';
import http from 'http';
import https from 'https';
import net from 'net';
import path from 'path';
import type { AddressInfo } from 'net';

const TLS_DIR = path.join(__dirname, '..', 'fixtures', 'tls');

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, secure: boolean) => void;

export interface FeedServer {
  base: string;
  port: number;
  /** Paths requested over https (the image checks). */
  secureRequests: string[];
  close(): Promise<void>;
}

export async function startFeedServer(handler: Handler, { https: withHttps = true } = {}): Promise<FeedServer> {
  const secureRequests: string[] = [];
  const plain = http.createServer((req, res) => handler(req, res, false));
  const secure = https.createServer(
    { key: fs.readFileSync(path.join(TLS_DIR, 'loopback.key')), cert: fs.readFileSync(path.join(TLS_DIR, 'loopback.crt')) },
    (req, res) => {
      secureRequests.push(`${req.method} ${req.url}`);
      handler(req, res, true);
    },
  );
  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first) => {
      socket.pause();
      socket.unshift(first);
      const target = withHttps && first[0] === 0x16 ? secure : plain;
      target.emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    secureRequests,
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => front.close(resolve));
    },
  };
}

export function trustLoopbackOnly(): () => void {
  const options = https.globalAgent.options as Record<string, unknown>;
  const saved = { ca: options.ca, lookup: options.lookup };
  options.ca = fs.readFileSync(path.join(TLS_DIR, 'loopback.crt'));
  options.lookup = (_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) =>
    opts?.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
  return () => Object.assign(options, saved);
}
