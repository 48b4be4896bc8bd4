/**
 * Where Strapi keeps the game-score API's services: read by game-scores.ts (the typed accessor other APIs use)
 * and by the services that reach their siblings, so that no service imports the accessor that imports it.
 */
export const GAME_SCORE_SERVICE_IDS = {
  runs: 'api::game-score.game-score',
  tickets: 'api::game-score.tickets',
  boards: 'api::game-score.boards',
  history: 'api::game-score.history',
} as const;
