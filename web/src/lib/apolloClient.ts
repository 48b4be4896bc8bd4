import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { buildUrl } from './api';

/** Only lib/apollo.ts imports this module (dynamically): Apollo Client is a chunk of its own. */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: buildUrl('/graphql'), credentials: 'same-origin' }),
    cache: new InMemoryCache(),
  });
}
