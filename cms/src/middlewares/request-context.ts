/**
 * 'global::request-context', the outermost middleware: what an operator sees of each request.
 * - Every answer carries X-Request-Id: a well-formed incoming one is kept (a proxy's), else one is made.
 * - One log line per request (method, route pattern, status, duration, request id, user id when signed
 *   in): never the query string, headers, cookies or bodies, where tokens and passwords travel.
 * - Request counts and latencies by route pattern (utils/metrics.ts), served at GET /metrics to a
 *   scraper holding METRICS_TOKEN; without the token, or when none is set, /metrics is not found.
 * - GET /_ready: 200 while the database answers within a second, 503 otherwise and from the moment
 *   the instance starts to shut down (a load balancer then stops sending it requests). Once the front
 *   door (utils/front-door.ts) has learnt the security headers, it answers /_ready and /_health itself.
 */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { areaLabel } from '../edge/areas';
import { cachePolicy } from '../edge/cache-policy';
import { httpDuration, httpRequests, registry } from '../utils/metrics';
import { isReady, readinessBody, requestIdOf } from '../utils/front-door';
import { isShuttingDown } from '../utils/lifecycle';
import { setting } from '../utils/settings';
import { sameSecret } from '../utils/signed-token';

/** A request's route label: the route pattern it matched ('/api/users/:id/stats', never a raw id), else its area's. */
export const routeOf = (ctx: Context): string => (ctx._matchedRoute ? String(ctx._matchedRoute) : areaLabel(ctx.path));

const requestContext: Core.MiddlewareFactory = (_config, { strapi }) => {
  const metricsToken = setting('METRICS_TOKEN');

  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    // While shutting down, each answer closes its connection so that none is left open at the end.
    if (isShuttingDown()) ctx.set('Connection', 'close');

    try {
      if (ctx.path === '/_ready' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
        const ready = await isReady(strapi);
        ctx.status = ready ? 200 : 503;
        ctx.set('Cache-Control', cachePolicy.noStore());
        ctx.body = readinessBody(ready);
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
      const labels = { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
      const userId = ctx.state.user?.id;
      strapi.log.http(`${ctx.method} ${labels.route} ${ctx.status} ${(seconds * 1000).toFixed(1)} ms`, {
        type: 'request',
        method: ctx.method,
        route: labels.route,
        status: ctx.status,
        durationMs: Math.round(seconds * 10000) / 10,
        requestId,
        ...(userId ? { userId } : {}),
      });
    }
  };
};

export default requestContext;
