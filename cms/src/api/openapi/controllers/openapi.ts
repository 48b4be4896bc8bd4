import type { Context } from 'koa';
import { openApiDocument } from '@haic/contract';

/** The document as JSON, made once: it changes only with a deploy. */
let json: Buffer | null = null;

export default {
  /** The OpenAPI 3.1 description the contract builds (contract/src/openapi). */
  async describe(ctx: Context) {
    json ??= Buffer.from(JSON.stringify(openApiDocument()));
    ctx.type = 'application/json';
    ctx.body = json;
  },
};
