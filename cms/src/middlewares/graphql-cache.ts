/**
 * 'global::graphql-cache': public GraphQL reads (POST or GET /graphql without a token) answered from the
 * kept answers of the same operation (utils/graphql-cache: the query as it means, the variables, the
 * operation name), while the content they show is current; a miss goes on to Apollo, and its answer is
 * kept when it is a 200 without errors. Runs after the body is parsed and checked (input-guard), and
 * inside global::http-cache, which gives hits and misses the same headers.
 */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { invalidField, payloadTooLarge } from '../utils/api-error';
import { answerKey, graphqlAnswers } from '../utils/graphql-cache';
import { routeBounds } from '../utils/request-limits';

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

/**
 * A JSON POST's body, read here (strapi::body leaves /graphql to Apollo's own parser, which then finds it
 * read and takes it as it is). Its size is bounded before (global::body-limit: Content-Length, no chunks,
 * nothing compressed) and again while reading. Malformed JSON is the 400 any malformed body gets.
 */
async function readJsonBody(ctx: Context): Promise<unknown> {
  const limit = routeBounds('POST', GRAPHQL_PATH)?.bodyBytes ?? 0;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw payloadTooLarge(`The request body must be no more than ${limit} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw Object.assign(new SyntaxError('The request body is not valid JSON'), { status: 400, type: 'entity.parse.failed' });
  }
  // Apollo's Koa integration takes a falsy body (`null`, `0`, `false`) for one not read yet and would read the
  // spent stream again; no operation is anything but an object (batches are off), so the rest stop here.
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidField('body', 'The request body must be a JSON object');
  return parsed;
}

const graphqlCache: Core.MiddlewareFactory = () => {
  return async (ctx, next) => {
    if (ctx.path !== GRAPHQL_PATH || (ctx.method !== 'POST' && ctx.method !== 'GET') || ctx.get('Authorization') || !preflighted((name) => ctx.get(name)))
      return next();
    if (ctx.method === 'POST') {
      if (!ctx.is('application/json')) return next();
      (ctx.request as { body?: unknown }).body = await readJsonBody(ctx);
    }
    const request = (ctx.method === 'POST' ? (ctx.request as { body?: unknown }).body : ctx.query) as Record<string, unknown> | undefined;
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
