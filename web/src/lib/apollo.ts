/**
 * The GraphQL client for /graphql (the blog reads through it), loaded on first use. A page the
 * server rendered hydrates from the data it embedded, so Apollo Client (about 47 KB compressed) is
 * never on the way to the first paint: it loads when the blog first asks for content, or when the
 * browser is idle on a blog page.
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
