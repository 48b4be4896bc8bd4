/**
 * Admission lets requests into the middleware chain one per turn of the event loop, so a flood of
 * requests that each run without a break (GraphQL reads on SQLite) cannot hold /_health: twenty GraphQL
 * reads and one /_health arrive together (the GraphQL reads first), and /_health is answered before the
 * GraphQL reads, not after all of them. (The loop-lag threshold is set out of reach: only admission decides.)
 */
import net from 'net';
import type { AddressInfo } from 'net';
import { withTestApp } from './helpers/strapi';

const ORIGIN = 'https://haic.example';
const HOST = new URL(ORIGIN).host;

const app = withTestApp(
  { PUBLIC_URL: ORIGIN, LOAD_SHED_LAG_MS: '600000', LOAD_SHED_CONCURRENCY: '4', LOAD_SHED_QUEUE: '64', LOAD_SHED_WAIT_MS: '600000' },
  { listen: true },
);
let port: number;

beforeAll(() => {
  app.http.agent.set('Host', HOST);
  port = (app.strapi.server.httpServer.address() as AddressInfo).port;
});

/** A kept-alive connection the server has taken (it answered a first /_health on it). */
const connect = () =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET /_health HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`));
    socket.once('data', () => resolve(socket));
    socket.once('error', reject);
  });

/** A raw request, written at once; resolves with the status line of its answer when the first bytes arrive. */
function answerOf(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0]));
    socket.once('error', reject);
  });
}

const graphqlRequest = (page: number) => {
  const body = JSON.stringify({ query: `{ blogPosts(pagination: { page: ${page}, pageSize: 10 }) { title slug summary } }` });
  return `POST /graphql HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

it('answers /_health before a flood of GraphQL reads that arrived with it', async () => {
  // The front door learns the probes' headers from the first /_health (answered by the chain).
  expect((await app.http.agent.get('/_health')).status).toBe(204);
  const order: string[] = [];

  const floodSockets = await Promise.all(Array.from({ length: 20 }, connect));
  const healthSocket = await connect();
  const flood = floodSockets.map((socket, i) => answerOf(socket).then((status) => order.push(`graphql ${i}: ${status}`)));
  const health = answerOf(healthSocket).then((status) => order.push(`health: ${status}`));
  // All written in one go: the server reads them in one turn of its loop.
  floodSockets.forEach((socket, i) => socket.write(graphqlRequest(1000 + i)));
  healthSocket.write(`GET /_health HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`);
  await Promise.all([...flood, health]);
  for (const socket of [...floodSockets, healthSocket]) socket.destroy();

  expect(order.filter((line) => line.startsWith('graphql')).every((line) => line.endsWith('HTTP/1.1 200 OK'))).toBe(true);
  const healthAt = order.findIndex((line) => line.startsWith('health'));
  expect(order[healthAt]).toBe('health: HTTP/1.1 204 No Content');
  // At most the one GraphQL read let in during the same turn may be answered first.
  expect(healthAt).toBeLessThanOrEqual(1);
});
