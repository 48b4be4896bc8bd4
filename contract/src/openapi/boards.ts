/** The players' pages: the leaderboard, a weekly season's standings, one run with its replay. */
import { CACHE_TAGS } from '../http';
import {
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_MAX_LIMIT,
  LEADERBOARD_PERIODS,
  RUN_ID_PATTERN,
  GAME_SEED_MAX,
  type LeaderboardEntry,
  type LeaderboardResponse,
  type PublicRun,
  type SeasonStandings,
} from '../scores';
import { SEASON_KEY_PATTERN } from '../seasons';
import { SCORE_FIELDS } from './game';
import { BADGE_FIELDS } from './wallet';
import type { Route } from './operations';
import { arrayOf, boolean, component, dateTime, integer, nullable, objectOf, oneOf, optional, string } from './schema';

const player = string({ description: "The player's username, or a guest's wallet id with its middle masked ('GUEST_AB…GH')." });

const Entry = component<LeaderboardEntry>(
  'LeaderboardEntry',
  objectOf<LeaderboardEntry>({
    rank: integer({ minimum: 1 }),
    player,
    ...BADGE_FIELDS,
    ...SCORE_FIELDS,
    playedDate: dateTime(),
    runId: optional(string({ pattern: RUN_ID_PATTERN, description: 'Its page: /runs/{runId}.' })),
  }),
);
const Board = component<LeaderboardResponse>(
  'LeaderboardResponse',
  objectOf<LeaderboardResponse>({
    period: oneOf(LEADERBOARD_PERIODS),
    entries: arrayOf(Entry.ref, { maxItems: LEADERBOARD_MAX_LIMIT, description: 'Each player once, with their best verified run in the period, best first.' }),
    me: optional(nullable(Entry.ref)),
    around: optional(
      arrayOf(Entry.ref, { description: 'With a token, when the player ranks below the rows answered: the players just above and below, and their own row.' }),
    ),
  }),
);
const Season = component<SeasonStandings>(
  'SeasonStandings',
  objectOf<SeasonStandings>({
    season: string({ pattern: SEASON_KEY_PATTERN, description: 'The date of its Monday.' }),
    startsAt: dateTime(),
    endsAt: dateTime('The next Monday 00:00 UTC (exclusive).'),
    ended: boolean('The standings are final.'),
    entries: arrayOf(Entry.ref, { maxItems: LEADERBOARD_MAX_LIMIT }),
  }),
);
const Run = component<PublicRun>(
  'PublicRun',
  objectOf<PublicRun>({
    id: string({ pattern: RUN_ID_PATTERN }),
    player,
    ...BADGE_FIELDS,
    ...SCORE_FIELDS,
    playedDate: dateTime(),
    verified: boolean('The server replayed the run and it ranks.'),
    inputLog: nullable(string({ description: "The verified run's input log, to replay it." })),
    seed: nullable(integer({ minimum: 0, maximum: GAME_SEED_MAX })),
  }),
);
export const BOARD_SCHEMAS = [Entry, Board, Season, Run];

const limit = {
  in: 'query' as const,
  schema: integer({ minimum: 1, maximum: LEADERBOARD_MAX_LIMIT, default: LEADERBOARD_DEFAULT_LIMIT }),
  description: 'Rows to answer.',
};

export const BOARD_ROUTES: Route[] = [
  {
    method: 'get',
    path: '/api/leaderboard',
    summary: 'The board of players',
    description: "Shared caches may keep the public board 5 seconds; with a token the answer is that player's (private) and adds their own row.",
    access: 'optional-user',
    params: {
      period: { in: 'query', schema: { ...oneOf(LEADERBOARD_PERIODS), default: 'all' }, description: 'All time, this week (UTC, from Monday) or today (UTC).' },
      limit,
    },
    success: { status: 200, description: 'The board.', body: Board.ref },
    shared: [CACHE_TAGS.board],
  },
  {
    method: 'get',
    path: '/api/leaderboard/seasons/{season}',
    summary: "A weekly season's standings",
    description: 'Seasons start on Monday 00:00 UTC. An ended season is final: shared caches may keep it until a purge.',
    access: 'public',
    params: {
      season: { in: 'path', schema: string({ pattern: SEASON_KEY_PATTERN }), description: 'The date of its Monday (YYYY-MM-DD), a week that has begun.' },
      limit,
    },
    success: { status: 200, description: 'The standings.', body: Season.ref },
    shared: [CACHE_TAGS.board],
  },
  {
    method: 'get',
    path: '/api/runs/{id}',
    summary: 'One run',
    description: 'Public: a signed-out visitor sees the same.',
    access: 'public',
    params: { id: { in: 'path', schema: string({ pattern: RUN_ID_PATTERN }), description: "The run's id." } },
    success: { status: 200, description: 'The run, with what replays it when it is verified.', body: Run.ref },
    refusals: { 404: 'No run has this id.' },
    shared: [CACHE_TAGS.site, CACHE_TAGS.runs],
  },
];
