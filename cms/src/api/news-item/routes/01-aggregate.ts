// GET /api/news/aggregate : active news items, newest first.
export default {
  routes: [
    {
      method: 'GET',
      path: '/news/aggregate',
      handler: 'news-item.aggregate',
      config: { auth: false },
    },
  ],
};
