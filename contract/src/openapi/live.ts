/** The live stream: Server-Sent Events that say what changed on the boards, the news and the blog (never the content itself). */
import {
  LIVE_BLOG_ACTIONS,
  LIVE_EVENT_ID_PATTERN,
  LIVE_LAST_EVENT_PARAM,
  LIVE_PATH,
  LIVE_TOPICS,
  type LiveBlogChange,
  type LiveBoardChange,
  type LiveNewsChange,
  type LiveRefetch,
} from '../live';
import { LEADERBOARD_PERIODS, RUN_ID_PATTERN } from '../scores';
import { SEASON_KEY_PATTERN } from '../seasons';
import type { Route } from './operations';
import { arrayOf, component, constant, integer, objectOf, oneOf, string } from './schema';

const version = integer({ minimum: 1, description: "The event's own id: send it back on the refetch (`?v=`) so that no cache answers with an older copy." });

const Refetch = component<LiveRefetch>(
  'LiveRefetch',
  objectOf<LiveRefetch>(
    { refetch: constant(true), version },
    'Read again whatever is shown of the topic (missed events, or a change that cannot be told precisely).',
  ),
);
const BoardChange = component<LiveBoardChange>(
  'LiveBoardChange',
  objectOf<LiveBoardChange>(
    {
      periods: arrayOf(oneOf(LEADERBOARD_PERIODS), { minItems: 1, description: 'The periods whose current window changed.' }),
      season: string({ pattern: SEASON_KEY_PATTERN, description: 'The season (its Monday) the run counts in.' }),
      day: string({ pattern: SEASON_KEY_PATTERN, description: 'The UTC day the run counts in (YYYY-MM-DD).' }),
      runId: string({ pattern: RUN_ID_PATTERN, description: 'The run that changed it: its page, and GET /api/runs/{id}.' }),
      version,
    },
    'A ranked run changed the board.',
  ),
);
const NewsChange = component<LiveNewsChange>(
  'LiveNewsChange',
  objectOf<LiveNewsChange>({ version }, 'The news items changed (a fetch added some, an editor changed or removed one).'),
);
const BlogChange = component<LiveBlogChange>(
  'LiveBlogChange',
  objectOf<LiveBlogChange>({ slug: string(), action: oneOf(LIVE_BLOG_ACTIONS), version }, 'A post was published, changed while published, or unpublished.'),
);
export const LIVE_SCHEMAS = [Refetch, BoardChange, NewsChange, BlogChange];

const STREAM = [
  `Each event is \`id:\` (it only grows), \`event:\` (its topic: ${LIVE_TOPICS.join(', ')}) and \`data:\`, one line of JSON:`,
  'board: LiveBoardChange, news: LiveNewsChange, blog: LiveBlogChange, or on any topic LiveRefetch (components.schemas).',
  'The stream starts with a `retry:` hint and a comment; a comment every 10 seconds keeps proxies from closing it.',
].join(' ');

const lastEventId = (description: string) => ({
  schema: string({ pattern: LIVE_EVENT_ID_PATTERN }),
  description: `${description} Any other value counts as unknown: one refetch per topic.`,
});

export const LIVE_ROUTES: Route[] = [
  {
    method: 'get',
    path: LIVE_PATH,
    summary: 'The live stream of public events (Server-Sent Events)',
    description:
      'Answered by the front door, before the middleware chain, and never kept by a cache; the same for everyone (no token read). ' +
      'A client that comes back names the last event it has and is sent what it missed, or one refetch per topic. ' +
      'While the server shuts down the answer is only a `retry:` hint: the client comes back, to another instance.',
    access: 'public',
    frontDoor: true,
    params: {
      'Last-Event-ID': { in: 'header', ...lastEventId("The last event's id the client has (an EventSource sends it when it reconnects).") },
      [LIVE_LAST_EVENT_PARAM]: {
        in: 'query',
        ...lastEventId('The same, for a page that closed its stream itself (an EventSource cannot set headers); the header wins.'),
      },
    },
    success: {
      status: 200,
      description: 'The stream, open for as long as the client reads it.',
      mediaType: 'text/event-stream',
      body: string({ description: STREAM }),
      headers: {
        'Cache-Control': { description: 'Never stored, by anyone.', schema: constant('no-store'), required: true },
        'X-Accel-Buffering': { description: 'A proxy (nginx) passes each event on at once.', schema: constant('no'), required: true },
      },
    },
    refusals: {
      429: 'Too many live streams open, from this client address (LIVE_STREAMS_PER_CLIENT) or on this server (LIVE_MAX_STREAMS): come back after Retry-After.',
    },
  },
];
