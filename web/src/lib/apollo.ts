/**
 * The GraphQL client for /graphql (the blog reads through it). Only the blog pages import
 * this module, so Apollo Client stays out of the main bundle and loads with those pages.
 * Its cache starts from the one the server rendered the page with.
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { buildUrl } from './api';
import { readEmbeddedData, useInitialData } from './initialData';

let client: ApolloClient | null = null;

export function getApolloClient(): ApolloClient {
  if (!client) {
    const cache = new InMemoryCache();
    const state = readEmbeddedData().apollo;
    if (state) cache.restore(state as Parameters<InMemoryCache['restore']>[0]);
    client = new ApolloClient({
      link: new HttpLink({ uri: buildUrl('/graphql'), credentials: 'same-origin' }),
      cache,
    });
  }
  return client;
}

/** The request's client on the server, the page's client in the browser. */
export function useApolloClient(): ApolloClient {
  return useInitialData().apolloClient ?? getApolloClient();
}

/** Media URLs from Strapi are relative to the API base unless a provider made them absolute. */
export function mediaUrl(url: string): string {
  return /^(https?:)?\/\//i.test(url) ? url : buildUrl(url);
}
