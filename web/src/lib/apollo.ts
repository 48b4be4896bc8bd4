/**
 * The GraphQL client for /graphql (the blog reads through it), loaded on first use. A page the
 * server rendered hydrates from the Apollo cache extract it sent, read here without Apollo Client,
 * so Apollo Client (about 47 KB compressed) is never on the way to the first paint: it loads when
 * the blog first reads, or as the control that reads comes near.
 */
import type { ApolloClient } from '@apollo/client';
import type { CacheExtract } from './initialData';

let client: Promise<ApolloClient> | null = null;

export function loadApolloClient(): Promise<ApolloClient> {
  if (!client) {
    client = import('./apolloClient').then(({ createApolloClient }) => createApolloClient());
    // A failed download (offline) is not remembered: the next read tries again.
    client.catch(() => {
      client = null;
    });
  }
  return client;
}

const MAX_DEPTH = 8;

function followRefs(value: unknown, extract: CacheExtract, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => followRefs(item, extract, depth + 1));
  const ref = (value as { __ref?: unknown }).__ref;
  if (typeof ref === 'string') return followRefs(extract[ref], extract, depth + 1);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, followRefs(item, extract, depth + 1)]));
}

/**
 * A root query field's stored value in a cache extract, read without Apollo Client: the page the
 * server rendered hydrates from the extract it sent before Apollo Client has loaded (which then
 * restores the same extract). `matches` picks the stored call by its arguments.
 */
export function readExtractedField<Args>(extract: CacheExtract | undefined, field: string, matches: (args: Args) => boolean): unknown {
  const root = extract?.ROOT_QUERY;
  if (!root) return undefined;
  for (const [key, value] of Object.entries(root)) {
    if (!key.startsWith(`${field}(`) || !key.endsWith(')')) continue;
    let args: Args;
    try {
      args = JSON.parse(key.slice(field.length + 1, -1)) as Args;
    } catch {
      continue;
    }
    if (matches(args)) return followRefs(value, extract);
  }
  return undefined;
}
