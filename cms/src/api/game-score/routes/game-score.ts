/**
 * The game-score API's routes, all public (`auth: false`): a signed-in player's Bearer token is read by
 * the controller itself (userFromToken) where it changes the answer.
 */
const route = (method: 'GET' | 'POST', path: string, action: string, policies: string[] = []) => ({
  method,
  path,
  handler: `game-score.${action}`,
  config: { auth: false as const, ...(policies.length ? { policies } : {}) },
});

export default {
  routes: [
    // A signed run ticket when a game starts (guest or signed in): only runs played on one rank.
    route('POST', '/game/nursehelpme/ticket', 'ticket'),
    // The score at the end of a game: guests post their wallet id, a signed-in player their userId and token.
    route('POST', '/game/nursehelpme/score', 'submit'),
    // A signed-in player moves this browser's guest runs to the account.
    route('POST', '/game/nursehelpme/guest-runs', 'claimGuestRuns', ['global::is-logged-in']),
    // The board of players, each with their best verified run.
    route('GET', '/leaderboard', 'leaderboard'),
    // A weekly season's standings (season = its Monday, YYYY-MM-DD).
    route('GET', '/leaderboard/seasons/:season', 'season'),
    // One stored run, with the verified run's input log and seed to replay it.
    route('GET', '/runs/:id', 'run'),
  ],
};
