/**
 * 'global::graphql-cache': public GraphQL reads (POST or GET /graphql without a token) answered from the
 * kept answers of the same operation (utils/graphql-cache: the query as it means, the variables, the
 * operation name), while the content they show is current; a miss goes on to Apollo, and its answer is
 * kept when it is a 200 without errors. Runs after the body is parsed and checked (input-guard), and
 * inside global::http-cache, which gives hits and misses the same headers.
 */
import type { Core } from '@strapi/strapi';
import { answerKey, graphqlAnswers } from '../utils/graphql-cache';

const GRAPHQL_PATH = '/graphql';
/** Content types a browser sends cross-site without asking first: Apollo refuses them (CSRF prevention), so no kept answer is sent for them either. */
const SIMPLE_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/** Whether Apollo would take this request (its CSRF rule): a preflighted content type, or one of its two headers. */
function preflighted(get: (name: string) => string): boolean {
  const type = get('Content-Type');
  if (type && !SIMPLE_TYPES.has(type.split(';')[0].trim().toLowerCase())) return true;
  return !!(get('X-Apollo-Operation-Name') || get('Apollo-Require-Preflight'));
}

/** The answer Apollo sent as bytes, when it is one to keep: complete, 200, JSON, with data and no errors. */
function keepable(status: number, type: string, body: unknown): Buffer | null {
  if (status !== 200 || !type.includes('json')) return null;
  const text = Buffer.isBuffer(body) ? body.toString() : typeof body === 'string' ? body : null;
  if (text === null || !text.startsWith('{"data":') || text.includes('"errors":')) return null;
  return Buffer.from(text);
}

const graphqlCache: Core.MiddlewareFactory = () => {
  return async (ctx, next) => {
    if (ctx.path !== GRAPHQL_PATH || (ctx.method !== 'POST' && ctx.method !== 'GET') || ctx.get('Authorization') || !preflighted((name) => ctx.get(name))) return next();
    const request = (ctx.method === 'POST' ? ctx.request.body : ctx.query) as Record<string, unknown> | undefined;
    const key = request && typeof request === 'object' && !Array.isArray(request) ? answerKey(request) : null;
    if (key === null) return next();
    let ran = false;
    let answer: Buffer;
    try {
      answer = await graphqlAnswers.get(
        key,
        async () => {
          ran = true;
          await next();
          // An empty buffer: nothing to keep (an error); requests that shared this miss ask Apollo themselves.
          return keepable(ctx.status, ctx.response.type, ctx.body) ?? Buffer.alloc(0);
        },
        (value) => value.length > 0,
      );
    } catch (error) {
      if (ran) throw error;
      return next();
    }
    if (ran) return undefined;
    if (!answer.length) return next();
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.body = answer;
  };
};

export default graphqlCache;
