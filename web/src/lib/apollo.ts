/**
 * The GraphQL client for /graphql (the blog reads through it), loaded on first use. A page the
 * server rendered hydrates from Apollo's cache (lib/apolloCache.ts) restored from the extract it
 * sent, so Apollo Client's link and query manager are never on the way to the first paint: they
 * load when the blog first reads, or as the control that reads comes near.
 */
import type { ApolloClient } from '@apollo/client';

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
