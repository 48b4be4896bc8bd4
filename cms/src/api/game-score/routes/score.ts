/**
 * Nurse Help Me score routes.
 * - POST /api/game/nursehelpme/score: score submission at the end of a game.
 *   Public: guests post a guest wallet id; a logged-in user posts userId with the Bearer token,
 *   which the controller checks itself (userFromToken).
 * - POST /api/game/nursehelpme/ticket: a signed run ticket when a game starts (guest or signed in);
 *   only runs played on one rank.
 * - POST /api/game/nursehelpme/guest-runs: a signed-in player moves this browser's guest runs.
 * - GET /api/leaderboard: the public board of players, each with their best verified run.
 */
export default {
  routes: [
    {
      method: 'POST',
      path: '/game/nursehelpme/score',
      handler: 'game-score.submit',
      config: { auth: false },
    },
    {
      method: 'POST',
      path: '/game/nursehelpme/ticket',
      handler: 'game-score.ticket',
      config: { auth: false },
    },
    {
      method: 'POST',
      path: '/game/nursehelpme/guest-runs',
      handler: 'game-score.claimGuestRuns',
      config: { auth: false, policies: ['global::is-logged-in'] },
    },
    {
      method: 'GET',
      path: '/leaderboard',
      handler: 'game-score.leaderboard',
      config: { auth: false },
    },
  ],
};
