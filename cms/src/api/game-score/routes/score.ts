/**
 * POST /api/game/nursehelpme/score: score submission at the end of a game (spec section 7).
 * Public: guests post a guest wallet id; a logged-in user posts userId with the Bearer token,
 * which the controller checks itself (userFromToken).
 */
export default {
  routes: [
    {
      method: 'POST',
      path: '/game/nursehelpme/score',
      handler: 'game-score.submit',
      config: { auth: false },
    },
  ],
};
