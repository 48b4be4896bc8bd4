/**
 * What an operator watches, in the Prometheus text format (prom-client), at GET /metrics when
 * METRICS_TOKEN is set (see middlewares/request-context.ts). One registry, so that tests and several
 * apps in one process never share counters by accident.
 * Route labels are route patterns ('/api/users/:id/stats'), never raw paths: their number stays fixed.
 */
import client from 'prom-client';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });
// Gauges named like counters, which promtool refuses; the same figures stay as nodejs_active_handles and friends.
for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);

/** A counter in this registry, by the labels named. */
const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) =>
  new client.Counter<Label>({ name, help, labelNames, registers: [registry] });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = counter('http_requests_total', 'Requests answered, by method, route pattern and status', ['method', 'route', 'status']);

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const cacheLookups = counter('content_cache_lookups_total', 'Content cache lookups (rendered pages, API lists), by cache and result (hit or miss)', [
  'cache',
  'result',
]);

export const rateLimitRefusals = counter('rate_limit_refusals_total', 'Requests refused with 429 by a rate limit, by limit', ['limit']);

export const passwordComparisons = counter('password_comparisons_total', 'bcrypt password comparisons run, by sign-in queue (user or admin)', ['queue']);

export const loadShedRefusals = counter(
  'load_shed_refusals_total',
  'Requests refused with 503 because the event loop lagged (utils/load-shed.ts), by the work refused',
  ['work'],
);

export const replayDuration = new client.Histogram({
  name: 'score_replay_duration_seconds',
  help: 'Time to replay a submitted game on the worker pool, waiting included',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const feedLastSuccess = new client.Gauge({
  name: 'news_feed_last_success_timestamp_seconds',
  help: 'When each news feed was last fetched and read without an error (Unix time)',
  labelNames: ['feed'] as const,
  registers: [registry],
});

/** Gauges read when scraped: the database pool and the replay queue. */
export function gaugeOnScrape(name: string, help: string, read: () => number | null) {
  registry.removeSingleMetric(name);
  new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      if (value !== null) this.set(value);
    },
  });
}
