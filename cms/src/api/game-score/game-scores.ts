/**
 * The game-score API's services, typed: how its controllers, its services and other APIs reach them.
 *
 *   runs     services/game-score.ts  run storage: a run is accepted here; guest runs claimed; an account's runs removed
 *   tickets  services/tickets.ts     run tickets: issued, checked for a run, marked used
 *   boards   services/boards.ts      the boards of players and the weekly seasons
 *   history  services/history.ts     an account's history and stats, one run's public page
 */
import type { Core } from '@strapi/strapi';
import { GAME_SCORE_SERVICE_IDS } from './service-ids';
import type { BoardsService } from './services/boards';
import type { RunStorage } from './services/game-score';
import type { HistoryService } from './services/history';
import type { TicketsService } from './services/tickets';

export interface GameScoreServices {
  runs: RunStorage;
  tickets: TicketsService;
  boards: BoardsService;
  history: HistoryService;
}

export const gameScores = (strapi: Core.Strapi): GameScoreServices => ({
  runs: strapi.service(GAME_SCORE_SERVICE_IDS.runs) as RunStorage,
  tickets: strapi.service(GAME_SCORE_SERVICE_IDS.tickets) as TicketsService,
  boards: strapi.service(GAME_SCORE_SERVICE_IDS.boards) as BoardsService,
  history: strapi.service(GAME_SCORE_SERVICE_IDS.history) as HistoryService,
});
