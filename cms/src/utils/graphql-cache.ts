/**
 * GraphQL's two caches, both bounded in bytes (lru-cache), whatever an outsider sends:
 * - answerKey / graphqlAnswers: the public answers (no token), keyed by the operation as it means, not as it
 *   is spelled: the query without ignored characters (whitespace, commas, comments), the variables with
 *   their keys sorted, the operation name, hashed to a fixed size. Kept while the content version they
 *   were made under is current, so a repeated POST or GET is answered without parsing, validating or
 *   reading anything (middlewares/graphql-cache).
 * - documentStore: Apollo's store of parsed and validated documents, which by default holds 30 MB as
 *   JSON (several times that in the heap) of whatever distinct texts clients sent.
 */
import crypto from 'crypto';
import { stripIgnoredCharacters, type DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { createVersionedCache } from './versioned-cache';

/** Bytes of public GraphQL answers kept, and how long one is kept at most. */
export const GRAPHQL_ANSWERS_BYTES = 8 * 1024 * 1024;
const GRAPHQL_ANSWERS_MAX_AGE_MS = 5 * 60_000;
/** Bytes (estimated) of parsed documents kept: the site sends a handful of distinct queries. */
export const GRAPHQL_DOCUMENTS_BYTES = 4 * 1024 * 1024;
/** Heap bytes of a parsed document per character of its text (an estimate on the high side). */
const DOCUMENT_BYTES_PER_CHAR = 64;
/** Overhead counted per kept entry (key, bookkeeping). */
const ENTRY_BYTES = 256;

export const graphqlAnswers = createVersionedCache<Buffer>({
  name: 'graphql-answers',
  maxEntries: 10_000,
  maxAgeMs: GRAPHQL_ANSWERS_MAX_AGE_MS,
  maxBytes: GRAPHQL_ANSWERS_BYTES,
  sizeOf: (answer) => answer.length + ENTRY_BYTES,
});

/** JSON with object keys sorted at every level: two spellings of the same variables give one text. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The cache key of a GraphQL request (query, variables and operation name as the body or the query
 * string gives them), or null when it is not one that can be kept: no query text, variables that are
 * not JSON, or a query that does not even lex (the chain answers it with its error).
 */
export function answerKey(request: { query?: unknown; variables?: unknown; operationName?: unknown }): string | null {
  const { query, operationName } = request;
  if (typeof query !== 'string' || !query) return null;
  let variables = request.variables ?? null;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      return null;
    }
  }
  if (variables !== null && typeof variables !== 'object') return null;
  let normalised: string;
  try {
    normalised = stripIgnoredCharacters(query);
  } catch {
    return null;
  }
  return crypto
    .createHash('sha256')
    .update(normalised)
    .update('\u0000')
    .update(variables === null ? '{}' : sortedJson(variables))
    .update('\u0000')
    .update(typeof operationName === 'string' ? operationName : '')
    .digest('base64url');
}

/**
 * Apollo's document store (its KeyValueCache interface), bounded by an estimate of the documents' heap.
 * A class, not a plain object, so that the configuration's deep merge passes it on as it is.
 */
export class BoundedDocumentStore {
  private readonly documents: LRUCache<string, DocumentNode>;

  constructor(maxBytes: number = GRAPHQL_DOCUMENTS_BYTES) {
    this.documents = new LRUCache<string, DocumentNode>({
      max: 1000,
      maxSize: maxBytes,
      sizeCalculation: (document) => (document.loc?.end ?? 1000) * DOCUMENT_BYTES_PER_CHAR + ENTRY_BYTES,
    });
  }

  async get(key: string): Promise<DocumentNode | undefined> {
    return this.documents.get(key);
  }

  async set(key: string, value: DocumentNode): Promise<void> {
    this.documents.set(key, value);
  }

  async delete(key: string): Promise<boolean> {
    return this.documents.delete(key);
  }

  /** What it holds: entries and their estimated bytes. */
  stats() {
    return { entries: this.documents.size, bytes: this.documents.calculatedSize ?? 0 };
  }
}
