/**
 * The GraphQL client for /graphql (the blog reads through it). Only the blog pages import
 * this module, so Apollo Client stays out of the main bundle and loads with those pages.
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { buildUrl } from './api';

let client: ApolloClient | null = null;

export function getApolloClient(): ApolloClient {
  if (!client) {
    client = new ApolloClient({
      link: new HttpLink({ uri: buildUrl('/graphql'), credentials: 'same-origin' }),
      cache: new InMemoryCache(),
    });
  }
  return client;
}

/** Media URLs from Strapi are relative to the API base unless a provider made them absolute. */
export function mediaUrl(url: string): string {
  return /^(https?:)?\/\//i.test(url) ? url : buildUrl(url);
}
