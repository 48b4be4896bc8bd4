/**
 * The request log and metrics (src/edge/request-log.ts), shared by the edge's own answers and the middleware
 * chain's: request ids, one line per request written the way Strapi's logger writes it, one count per request.
 */
import { Writable } from 'stream';
import { winston } from '@strapi/logger';
import type { Core } from '@strapi/strapi';
import { createRequestLog, requestIdOf, type RequestRecord } from '../src/edge/request-log';
import { registry } from '../src/utils/metrics';

const saved = process.env.LOG_FORMAT;
afterEach(() => {
  if (saved === undefined) delete process.env.LOG_FORMAT;
  else process.env.LOG_FORMAT = saved;
  jest.restoreAllMocks();
});

/** An app whose logger keeps what it is given. */
function appWithLogger(enabled = true) {
  const lines: Array<{ message: string; fields: Record<string, unknown> }> = [];
  const log = { http: (message: string, fields: Record<string, unknown>) => lines.push({ message, fields }), isLevelEnabled: () => enabled };
  return { strapi: { log } as unknown as Core.Strapi, lines };
}

const record: RequestRecord = { method: 'GET', route: '/api/blog', status: 200, seconds: 0.01234, requestId: 'lb-7f3a:42' };

it('keeps a well-formed incoming request id and makes one for a missing or malformed one', () => {
  expect(requestIdOf('lb-7f3a:42')).toBe('lb-7f3a:42');
  for (const bad of [undefined, '', 'a b', 'x'.repeat(200), '<script>']) expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
});

it("the chain's requests go through Strapi's logger, with the user when signed in", () => {
  const { strapi, lines } = appWithLogger();
  createRequestLog(strapi).chain({ ...record, userId: 7 });
  expect(lines).toEqual([
    {
      message: 'GET /api/blog 200 12.3 ms',
      fields: { type: 'request', method: 'GET', route: '/api/blog', status: 200, durationMs: 12.3, requestId: 'lb-7f3a:42', userId: 7 },
    },
  ]);
});

it("the edge's answers are written in batches, each line the JSON Strapi's logger writes for the same record", async () => {
  process.env.LOG_FORMAT = 'json';
  const { strapi, lines } = appWithLogger();
  const written: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
  const log = createRequestLog(strapi);
  log.edge(record);
  log.edge({ ...record, route: 'site' });
  expect(written).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(lines).toEqual([]);
  expect(written).toHaveLength(1);
  const batch = written[0].trim().split('\n');
  expect(batch).toHaveLength(2);

  // What the app's logger (config/logger.ts, LOG_FORMAT=json) writes for the first record.
  const logged: string[] = [];
  const logger = winston.createLogger({
    level: 'http',
    format: winston.format.combine(winston.format.timestamp(), winston.format.errors({ stack: false }), winston.format.json()),
    transports: [
      new winston.transports.Stream({
        stream: new Writable({
          write(chunk, _encoding, done) {
            logged.push(String(chunk));
            done();
          },
        }),
      }),
    ],
  });
  logger.http('GET /api/blog 200 12.3 ms', { type: 'request', method: 'GET', route: '/api/blog', status: 200, durationMs: 12.3, requestId: 'lb-7f3a:42' });
  const withoutTime = (line: string) => line.replace(/"timestamp":"[^"]+"/, '"timestamp":"T"');
  expect(withoutTime(batch[0])).toBe(withoutTime(logged[0].trim()));
});

it('pretty lines, and no line at all when the http level is off; counted either way', async () => {
  process.env.LOG_FORMAT = 'pretty';
  const on = appWithLogger();
  createRequestLog(on.strapi).edge({ ...record, route: '/_health', status: 204 });
  expect(on.lines.map((line) => line.message)).toEqual(['GET /_health 204 12.3 ms']);
  const off = appWithLogger(false);
  const before = (await registry.getSingleMetric('http_requests_total')!.get()).values.find((v) => v.labels.route === '/_ready')?.value ?? 0;
  createRequestLog(off.strapi).edge({ ...record, route: '/_ready' });
  expect(off.lines).toEqual([]);
  const after = (await registry.getSingleMetric('http_requests_total')!.get()).values.find((v) => v.labels.route === '/_ready')?.value ?? 0;
  expect(after).toBe(before + 1);
});
