/** Site search: published posts, active news and the players on the board, in one list. */
import { CACHE_TAGS } from '../http';
import {
  SEARCH_MAX_PAGE,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_MAX_RESULTS,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  SEARCH_TYPES,
  type SearchResponse,
  type SearchResult,
} from '../search';
import type { Route } from './operations';
import { arrayOf, component, dateTime, integer, objectOf, oneOf, string } from './schema';

const Result = component<SearchResult>(
  'SearchResult',
  objectOf<SearchResult>({
    type: oneOf(SEARCH_TYPES.filter((type) => type !== 'all')),
    title: string({ description: "A post's or news item's title; a player's name." }),
    url: string({ description: "Where it lives: a site path (a post, a player's best run) or a news article's own address." }),
    snippet: string({ description: 'Text around the match, safe to put into HTML: the matched words in <mark>, everything else escaped.' }),
    publishedAt: dateTime("A post's day, a news item's date, a player's best run."),
  }),
);
const Answer = component<SearchResponse>(
  'SearchResponse',
  objectOf<SearchResponse>({
    results: arrayOf(Result.ref, { maxItems: SEARCH_MAX_PAGE_SIZE, description: 'Title matches first, then text matches; each newest first.' }),
    total: integer({ minimum: 0, maximum: SEARCH_MAX_RESULTS, description: `Matches in all, counted up to ${SEARCH_MAX_RESULTS}.` }),
    page: integer({ minimum: 1, maximum: SEARCH_MAX_PAGE }),
    pageSize: integer({ minimum: 1, maximum: SEARCH_MAX_PAGE_SIZE }),
  }),
);
export const SEARCH_SCHEMAS = [Result, Answer];

export const SEARCH_ROUTES: Route[] = [
  {
    method: 'get',
    path: '/api/search',
    summary: 'Search posts, news and players',
    description:
      'Words match words that start with them (3 letters or more); a word of 5 letters or more with one wrong, missing or extra letter still matches; ' +
      '"quoted phrases", OR and -word work; any other text is a query, never an error. A publish, a news fetch or a ranked run purges the kept answers.',
    access: 'public',
    params: {
      q: {
        in: 'query',
        required: true,
        schema: string(),
        description: `${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters after trimming (else a 400 naming q).`,
      },
      type: { in: 'query', schema: { ...oneOf(SEARCH_TYPES), default: 'all' }, description: 'Everything, or one kind of result.' },
      page: { in: 'query', schema: integer({ minimum: 1, maximum: SEARCH_MAX_PAGE, default: 1 }), description: 'From 1.' },
      pageSize: { in: 'query', schema: integer({ minimum: 1, maximum: SEARCH_MAX_PAGE_SIZE, default: SEARCH_PAGE_SIZE }), description: 'Results per page.' },
    },
    success: { status: 200, description: 'A page of results.', body: Answer.ref },
    shared: [CACHE_TAGS.blog, CACHE_TAGS.news, CACHE_TAGS.board],
  },
];
