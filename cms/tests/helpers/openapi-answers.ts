/**
 * Every answer a test app gives to a route the OpenAPI description documents is checked against it, whatever
 * client asked (supertest, raw http, fetch): the status must be one the operation documents, each header it
 * declares must be there (a required one, or any on a shareable copy: Cache-Control public) and match its
 * schema, and a JSON body must match the response's schema. strapi.ts installs the watch on every app it
 * boots, and the problems fail the test file (checkDocumentedAnswers, in an afterEach and afterAll it
 * registers), naming the route, the status and the schema's complaint.
 * The schemas are compiled once per worker (with Ajv loaded by the worker's own require, kept for all its
 * files); only documented routes are watched, and a body is read only up to BODY_LIMIT. An answer that never
 * ends (a stream the client closes) is checked by its status and headers.
 */
import zlib from 'zlib';
import type { IncomingMessage, Server, ServerResponse } from 'http';

type Json = Record<string, any>;
interface Compiled {
  (value: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string; params?: unknown }> | null;
}
interface Checker {
  document: Json;
  validator: (pointer: string) => Compiled;
}

/** The worker's own require and what it keeps for all its files (environment.cjs). */
const worker: { require: NodeJS.Require; kept: Map<string, unknown> } = (globalThis as any).__haicWorker;
const BODY_LIMIT = 2 * 1024 * 1024;
const ROOT = 'openapi';

function checker(): Checker {
  const kept = worker.kept.get(ROOT) as Checker | undefined;
  if (kept) return kept;
  const { openApiDocument } = worker.require('@haic/contract');
  const Ajv2020 = worker.require('ajv/dist/2020').default;
  const addFormats = worker.require('ajv-formats').default;
  const document: Json = openApiDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, ROOT);
  const made: Checker = {
    document,
    validator: (pointer) => ajv.getSchema(`${ROOT}#${pointer}`) as Compiled,
  };
  worker.kept.set(ROOT, made);
  return made;
}

/** A JSON pointer's part. */
const part = (text: string) => text.replace(/~/g, '~0').replace(/\//g, '~1');

interface Operation {
  template: string;
  method: string;
  pattern: RegExp;
}

/** Each documented operation, with the paths the router takes for it (any case, a trailing slash). */
function operations(document: Json): Operation[] {
  return Object.entries<Json>(document.paths).flatMap(([template, item]) =>
    Object.keys(item).map((method) => ({
      template,
      method,
      pattern: new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^/]+')}/?$`, 'i'),
    })),
  );
}

/** The headers as sent on the wire (writeHead's and setHeader's alike), names in lower case. */
function sentHeaders(res: ServerResponse): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  const head = String((res as unknown as { _header?: string })._header ?? '');
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) (headers[line.slice(0, colon).trim().toLowerCase()] ??= []).push(line.slice(colon + 1).trim());
  }
  return headers;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').toLowerCase()) {
    case 'br':
      return zlib.brotliDecompressSync(body);
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    default:
      return body;
  }
}

const complaint = (validate: Compiled) =>
  (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''} ${error.params ? JSON.stringify(error.params) : ''}`.trim())
    .join('; ');

/** What is wrong with one answer of an operation (empty when it is as documented). */
function problemsOf(check: Checker, operation: Operation, method: string, status: number, headers: Record<string, string[]>, body: Buffer | null): string[] {
  const base = `/paths/${part(operation.template)}/${operation.method}/responses/${status}`;
  const resolve = (object: Json): [Json, string] | null =>
    object?.$ref ? [check.document.components.headers[object.$ref.split('/').pop()], `/components/headers/${part(object.$ref.split('/').pop())}`] : null;
  const response: Json | undefined = check.document.paths[operation.template][operation.method].responses[status];
  if (!response) return [`status ${status} is not documented`];
  const problems: string[] = [];
  const sharedCopy = /^public\b/.test(headers['cache-control']?.[0] ?? '');
  for (const [name, declared] of Object.entries<Json>(response.headers ?? {})) {
    const [header, pointer] = resolve(declared) ?? [declared, `${base}/headers/${part(name)}`];
    const values = headers[name.toLowerCase()];
    if (!values) {
      if (header.required || sharedCopy) problems.push(`header ${name} is missing`);
      continue;
    }
    const validate = check.validator(`${pointer}/schema`);
    // A header sent more than once (Set-Cookie) matches when one of its values does.
    if (!values.some((value) => validate(value))) problems.push(`header ${name}: ${JSON.stringify(values)} ${complaint(validate)}`);
  }
  const bodyless = method === 'HEAD' || status === 304 || status === 204;
  if (!response.content) {
    if (!bodyless && body && body.length > 0) problems.push('a body where the description has none');
    return problems;
  }
  if (bodyless) return problems;
  const mediaType = (headers['content-type']?.[0] ?? '').split(';')[0].trim().toLowerCase();
  if (!response.content[mediaType]) return [...problems, `content type ${mediaType || '(none)'} is not documented`];
  // A body over the limit is checked by its status and headers only.
  if (!body || mediaType !== 'application/json') return problems;
  let value: unknown;
  try {
    value = JSON.parse(decoded(body, headers['content-encoding']?.[0]).toString('utf8'));
  } catch (error) {
    return [...problems, `the body is not JSON (${(error as Error).message})`];
  }
  const validate = check.validator(`${base}/content/${part(mediaType)}/schema`);
  if (!validate(value)) problems.push(`body: ${complaint(validate)}`);
  return problems;
}

const violations: string[] = [];

/** Watches every answer of `server` to a documented route (installed by strapi.ts on each app it boots). */
export function watchDocumentedAnswers(server: Server): void {
  const check = checker();
  const documented = operations(check.document);
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    watch(check, documented, req, res);
    for (const listener of listeners) listener.call(server, req, res);
  });
}

function watch(check: Checker, documented: Operation[], req: IncomingMessage, res: ServerResponse): void {
  const method = (req.method ?? 'GET').toUpperCase();
  const path = (req.url ?? '/').split('?')[0];
  const wanted = method === 'HEAD' ? 'get' : method.toLowerCase();
  const operation = documented.find((op) => op.method === wanted && op.pattern.test(path));
  if (!operation) return;
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > BODY_LIMIT) return;
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += bytes.length;
    chunks.push(bytes);
  };
  const { write, end } = res;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  let checked = false;
  const checkAnswer = (body: Buffer | null) => {
    if (checked) return;
    checked = true;
    for (const problem of problemsOf(check, operation, method, res.statusCode, sentHeaders(res), body)) {
      violations.push(`${method} ${operation.template} (${req.url}) answered ${res.statusCode}: ${problem}`);
    }
  };
  res.once('finish', () => checkAnswer(size > BODY_LIMIT ? null : Buffer.concat(chunks)));
  // An answer closed before its end (a live stream the client leaves): its status and headers, once they were sent.
  res.once('close', () => {
    if (res.headersSent) checkAnswer(null);
  });
}

/** Fails when an answer disagreed with the description since the last check. */
export function checkDocumentedAnswers(): void {
  if (!violations.length) return;
  const found = violations.splice(0);
  throw new Error(`Answers that disagree with the OpenAPI description (contract/src/openapi):\n${[...new Set(found)].slice(0, 20).join('\n')}`);
}
