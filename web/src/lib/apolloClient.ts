import { ApolloClient, HttpLink } from '@apollo/client';
import { buildUrl } from './api';
import { cacheFrom, createCache } from './apolloCache';
import { readEmbeddedData } from './initialData';

/**
 * Only lib/apollo.ts imports this module (dynamically): Apollo Client is a chunk of its own. Its cache is
 * the one the page hydrated from (the extract the server rendered it with).
 *
 * Queries go as GET (`/graphql?query=…&variables=…`): public reads that the site's origin, a CDN or
 * Varnish may keep and share (`GET /graphql` answers as a shareable public read); the content-type
 * header Apollo sends keeps them past Apollo Server's CSRF check.
 */
export function createApolloClient(): ApolloClient {
  const extract = readEmbeddedData().apollo;
  return new ApolloClient({
    link: new HttpLink({ uri: buildUrl('/graphql'), credentials: 'same-origin', useGETForQueries: true }),
    cache: extract ? cacheFrom(extract) : createCache(),
  });
}
