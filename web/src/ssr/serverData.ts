/**
 * What a route may declare to be rendered with on the server (its handle's `serverData`): it reads
 * the CMS through the content source and puts what it read where the page reads it, the blog's
 * Apollo cache or the page's embedded data, which the browser hydrates from.
 */
import type { ApolloClient } from '@apollo/client';
import type { Params } from 'react-router-dom';
import type { BlocksContent } from '@strapi/blocks-react-renderer';
import type { ContentSource } from '@haic/contract';
import type { InitialData } from '../lib/initialData';

interface ServerDataContext {
  params: Params;
  /** The request's query parameters (a page reads only those its route's `query` names). */
  query: URLSearchParams;
  /** What the CMS reads for the renderer, with the blog's rich-text body typed as the site renders it. */
  content: ContentSource<BlocksContent>;
  /** A draft shown through a preview link. */
  preview: boolean;
  /** The request's Apollo cache, sent to the browser as its extract. */
  apollo: ApolloClient;
  /** The page's embedded data. */
  data: InitialData;
}

/** Loads a route's server data; `notFound` makes the page a 404 (e.g. a post that does not exist). */
export type ServerData = (context: ServerDataContext) => Promise<{ notFound?: boolean } | void>;

/** Whether the thing a route's params name exists (read before rendering): a missing one gets the route's one 404 page. */
export type ServerExists = (context: { params: Params; content: ContentSource<BlocksContent> }) => Promise<boolean>;
