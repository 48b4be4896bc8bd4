/**
 * The OpenAPI description (src/openapi) says what the server enforces: each write route's body and field bounds
 * as ROUTE_BOUNDS holds them, the XSRF double-submit on every write, the caching of every shareable read.
 * (Its validity as OpenAPI 3.1 and every API answer against it are checked in the CMS's API tests.)
 */
import { LIVE_PATH, ROUTE_BOUNDS, XSRF_COOKIE, XSRF_HEADER, openApiDocument } from '../src';

type Json = Record<string, any>;
const document = openApiDocument() as Json;
const operations: Array<{ key: string; operation: Json }> = Object.entries<Json>(document.paths).flatMap(([path, item]) =>
  Object.entries<Json>(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation })),
);
const operation = (key: string) => operations.find((entry) => entry.key === key)?.operation;
/** A string schema's longest value, also inside a nullable's anyOf. */
const maxLengthOf = (schema: Json): number | undefined => schema.maxLength ?? schema.anyOf?.map(maxLengthOf).find((n: number | undefined) => n !== undefined);
const patternOf = (schema: Json): string | undefined => schema.pattern ?? schema.anyOf?.map(patternOf).find(Boolean);

describe('the OpenAPI description', () => {
  const bounded = Object.entries(ROUTE_BOUNDS).filter(([key]) => key.includes(' /api/'));

  it.each(bounded)('%s: documents its body limit and a schema for each bounded field, no longer than its bound', (key, bounds) => {
    const op = operation(key)!;
    expect(op).toBeDefined();
    for (const status of ['411', '413', '415']) expect(op.responses[status]).toBeDefined();
    expect(op.responses['413'].description).toContain(`${bounds.bodyBytes} bytes`);
    const properties: Json = op.requestBody?.content['application/json'].schema.properties ?? {};
    for (const [field, bound] of Object.entries(bounds.fields)) {
      const schema = properties[field];
      expect({ field, documented: schema !== undefined }).toEqual({ field, documented: true });
      // A field is bounded by its own maxLength, or by a pattern that allows fewer characters than the bound.
      const max = maxLengthOf(schema);
      expect(max !== undefined ? max <= bound.max : patternOf(schema) !== undefined).toBe(true);
    }
  });

  it('asks for the XSRF double-submit on every write but the Telegram webhook, and on no read', () => {
    const xsrf = (op: Json) => op.security.every((requirement: Json) => 'xsrfCookie' in requirement && 'xsrfHeader' in requirement);
    const writes = operations.filter(({ key }) => !key.startsWith('GET '));
    expect(writes.filter(({ key, operation: op }) => !xsrf(op) && key !== 'POST /api/telegram/webhook').map(({ key }) => key)).toEqual([]);
    expect(
      operations.filter(({ key, operation: op }) => key.startsWith('GET ') && op.security.some((r: Json) => 'xsrfHeader' in r)).map(({ key }) => key),
    ).toEqual([]);
    expect(document.components.securitySchemes.xsrfCookie).toMatchObject({ in: 'cookie', name: XSRF_COOKIE });
    expect(document.components.securitySchemes.xsrfHeader).toMatchObject({ in: 'header', name: XSRF_HEADER });
  });

  it('gives every shareable read an ETag, its tags and a 304; the live stream no-store; every other answer private, no-store', () => {
    for (const { key, operation: op } of operations) {
      const success = Object.entries<Json>(op.responses).find(([status]) => /^2/.test(status))![1];
      const shared = success.headers['Cache-Control'].$ref === '#/components/headers/SharedCacheControl';
      if (shared) {
        expect({ key, headers: Object.keys(success.headers).sort() }).toEqual({ key, headers: ['Cache-Control', 'Cache-Tag', 'ETag', 'Surrogate-Key'] });
        expect(op.responses['304']).toBeDefined();
      } else if (key === `GET ${LIVE_PATH}`) {
        // The same stream for everyone, never stored by anyone; and so are its refusals.
        expect(success.headers['Cache-Control']).toMatchObject({ schema: { const: 'no-store' }, required: true });
        expect(op.responses['429'].headers['Cache-Control']).toEqual({ $ref: '#/components/headers/NoStore' });
      } else {
        expect({ key, cacheControl: success.headers['Cache-Control'] }).toEqual({ key, cacheControl: { $ref: '#/components/headers/PrivateCacheControl' } });
      }
    }
  });

  it('gives every refusal the error body of its status', () => {
    for (const { operation: op } of operations) {
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        if (Number(status) < 400) continue;
        const name = response.content['application/json'].schema.$ref.split('/').pop();
        expect(document.components.schemas[name].properties.error.properties.status.const).toBe(Number(status));
      }
    }
  });
});
