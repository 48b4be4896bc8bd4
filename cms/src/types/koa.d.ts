/**
 * What the CMS reads of a request beyond koa's own declarations. strapi::body (koa-body) parses the
 * body into ctx.request.body, but koa-body's declaration augments its own copy of koa's types, not the
 * one Strapi's Context uses; the body is whatever the client sent, so it is `unknown` until checked.
 */
import 'koa';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
  interface Response {
    /** koa's own flag: a status was set by a route (the errors middleware answers 404 without one). */
    _explicitStatus?: boolean;
  }
  interface ExtendableContext {
    /** The route pattern @koa/router matched (Strapi's router), e.g. '/api/runs/:id'. */
    _matchedRoute?: string | RegExp;
  }
}
