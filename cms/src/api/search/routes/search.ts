// GET /api/search: one search over published posts, active news and the players on the board (a public read:
// shareable, purged with the blog, the news and the board; see middlewares/http-cache.ts).
export default {
  routes: [
    {
      method: 'GET',
      path: '/search',
      handler: 'search.search',
      config: { auth: false },
    },
  ],
};
