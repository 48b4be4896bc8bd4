import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { buildUrl } from './api';
import { readEmbeddedData } from './initialData';

/**
 * Only lib/apollo.ts imports this module (dynamically): Apollo Client is a chunk of its own. Its
 * cache starts from the extract the server rendered the page with.
 */
export function createApolloClient(): ApolloClient {
  const cache = new InMemoryCache();
  const extract = readEmbeddedData().apollo;
  if (extract) cache.restore(extract as Parameters<InMemoryCache['restore']>[0]);
  return new ApolloClient({
    link: new HttpLink({ uri: buildUrl('/graphql'), credentials: 'same-origin' }),
    cache,
  });
}
