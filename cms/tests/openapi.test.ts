/**
 * The OpenAPI description of the REST API (contract/src/openapi): it names exactly the routes that answer under
 * /api/, it is a valid OpenAPI 3.1 document whose schemas compile, and GET /api/openapi.json serves it as a
 * shareable public read. (Every API test's answers are checked against it by helpers/openapi-answers.ts.)
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { LIVE_PATH, OPENAPI_PATH, openApiDocument } from '@haic/contract';
import { checkDocumentedAnswers } from './helpers/openapi-answers';
import { createUser, withTestApp } from './helpers/strapi';

const app = withTestApp({}, { xsrf: true });
const document = openApiDocument() as Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** What the edge answers itself, before the router (edge/dispatch.ts): the live stream. */
const FRONT_DOOR_ROUTES = [`GET ${LIVE_PATH}`];

describe('the OpenAPI description', () => {
  it('documents every route that answers under /api/, and nothing else', async () => {
    // The router's live list, read as hardening-allow-list.test.ts reads it, and the front door's own routes, each answering.
    const routed = (app.strapi.server as any)
      .listRoutes()
      .filter((layer: any) => layer.methods.length > 0 && layer.path.startsWith('/api/'))
      .flatMap((layer: any) => layer.methods.filter((m: string) => m !== 'HEAD').map((m: string) => `${m} ${layer.path.replace(/:(\w+)/g, '{$1}')}`));
    for (const route of FRONT_DOOR_ROUTES) expect({ route, status: (await app.http.agent.head(route.split(' ')[1]!)).status }).toEqual({ route, status: 200 });
    const answering = [...routed, ...FRONT_DOOR_ROUTES];
    const documented = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual([...new Set<string>(answering)].sort());
  });

  it('is served at GET /api/openapi.json, the same document', async () => {
    const response = await app.http.get(OPENAPI_PATH);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual(document);
  });

  it('is a valid OpenAPI 3.1 document, every $ref resolving', async () => {
    const served = (await app.http.get(OPENAPI_PATH)).body;
    expect(served.openapi).toMatch(/^3\.1\./);
    await expect(SwaggerParser.validate(served)).resolves.toBeTruthy();
  });

  it('has schemas that compile under strict JSON Schema 2020-12 (no unknown keyword or format)', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    // The document's own parts are not schemas: they only hold them.
    for (const keyword of ['openapi', 'info', 'servers', 'tags', 'paths', 'components']) ajv.addKeyword(keyword);
    ajv.addSchema(document, 'doc');
    const pointers: string[] = Object.keys(document.components.schemas).map((name) => `/components/schemas/${name}`);
    const part = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const base = `/paths/${part(path)}/${method}`;
        for (const [i] of (operation.parameters ?? []).entries()) pointers.push(`${base}/parameters/${i}/schema`);
        if (operation.requestBody) pointers.push(`${base}/requestBody/content/application~1json/schema`);
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          for (const mediaType of Object.keys(response.content ?? {})) pointers.push(`${base}/responses/${status}/content/${part(mediaType)}/schema`);
        }
      }
    }
    const failing = pointers.flatMap((pointer) => {
      try {
        return ajv.getSchema(`doc#${pointer}`) ? [] : [`${pointer}: not found`];
      } catch (error) {
        return [`${pointer}: ${(error as Error).message}`];
      }
    });
    expect(failing).toEqual([]);
    expect(pointers.length).toBeGreaterThan(100);
  });
});

describe('GET /api/openapi.json', () => {
  it('is a shareable public read: Cache-Control public, an ETag, its tags, 304 for a client that holds it', async () => {
    const response = await app.http.get(OPENAPI_PATH);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    expect(response.headers['surrogate-key']).toBe('site openapi');
    expect(response.headers['cache-tag']).toBe('site,openapi');
    expect(response.headers['set-cookie']).toBeUndefined();
    const again = await app.http.agent.get(OPENAPI_PATH).set('If-None-Match', response.headers.etag);
    expect(again.status).toBe(304);
  });

  it('is the same for a signed-in caller, whose copy is private', async () => {
    const { token } = await createUser(app, 'describer');
    const response = await app.http.get(OPENAPI_PATH, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(document);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the answers check (helpers/openapi-answers.ts)', () => {
  it('fails on an answer the description does not allow, naming the route, the status and the problem', async () => {
    const { user, token } = await createUser(app, 'misdescribed');
    const accounts = app.strapi.service('api::account.account') as any;
    const spy = jest.spyOn(accounts, 'stats').mockResolvedValueOnce({ gamesPlayed: 'many', totalPoints: 0, highScore: 0 });
    try {
      expect((await app.http.get(`/api/users/${user.id}/stats`, token)).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(() => checkDocumentedAnswers()).toThrow(/GET \/api\/users\/\{id\}\/stats .* answered 200: body: \/gamesPlayed must be integer/);
  });
});
