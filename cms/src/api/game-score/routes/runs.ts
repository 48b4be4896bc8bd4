/**
 * The players' pages (public reads):
 * - GET /api/runs/:id: one stored run, with the verified run's input log and seed to replay it.
 * - GET /api/leaderboard/seasons/:season: a weekly season's standings (season = its Monday, YYYY-MM-DD).
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/runs/:id',
      handler: 'runs.findOne',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/leaderboard/seasons/:season',
      handler: 'runs.season',
      config: { auth: false },
    },
  ],
};
