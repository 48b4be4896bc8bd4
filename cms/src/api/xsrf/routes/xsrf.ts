// GET /api/xsrf: hands the XSRF-TOKEN cookie to a client that has none (the site's REST client asks
// before its first write); pages and reads set no cookie.
export default {
  routes: [
    {
      method: 'GET',
      path: '/xsrf',
      handler: 'xsrf.issue',
      config: { auth: false },
    },
  ],
};
