/**
 * 'global::request-context', the outermost middleware: what an operator sees of each request the chain
 * answers, through the edge's request log (edge/request-log.ts): its X-Request-Id, its log line and its metrics.
 * - GET /metrics: the metrics (utils/metrics.ts) for a scraper holding METRICS_TOKEN; without the token, or
 *   when none is set, /metrics is not found.
 * - GET /_ready, until the edge knows the chain's headers and answers it itself (edge/probes.ts), from the same check.
 */
import type { Core } from '@strapi/strapi';
import { cachePolicy } from '../edge/cache-policy';
import { edgeOf } from '../edge/install';
import { requestIdOf, routeOf } from '../edge/request-log';
import { registry } from '../utils/metrics';
import { isShuttingDown } from '../utils/lifecycle';
import { setting } from '../utils/settings';
import { sameSecret } from '../utils/signed-token';

const requestContext: Core.MiddlewareFactory = (_config, { strapi }) => {
  const metricsToken = setting('METRICS_TOKEN');
  const { probes, log } = edgeOf(strapi);

  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    // While shutting down, each answer closes its connection so that none is left open at the end.
    if (isShuttingDown()) ctx.set('Connection', 'close');

    try {
      if (ctx.path === '/_ready' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
        const { status, body } = await probes.readiness();
        ctx.status = status;
        ctx.set('Cache-Control', cachePolicy.noStore());
        ctx.body = body;
        return;
      }
      if (ctx.path === '/metrics' && ctx.method === 'GET' && metricsToken) {
        const [scheme, token] = String(ctx.get('Authorization')).split(' ');
        if (scheme === 'Bearer' && token && sameSecret(metricsToken, token)) {
          ctx.set('Content-Type', registry.contentType);
          ctx.set('Cache-Control', cachePolicy.noStore());
          ctx.body = await registry.metrics();
          return;
        }
      }
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      log.chain({ method: ctx.method, route: routeOf(ctx), status: ctx.status, seconds, requestId, userId: ctx.state.user?.id });
    }
  };
};

export default requestContext;
