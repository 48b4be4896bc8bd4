// GET /api/blog?page=&pageSize= : the site's list of published posts (spec section 7).
export default {
  routes: [
    {
      method: 'GET',
      path: '/blog',
      handler: 'blog-post.list',
      config: { auth: false },
    },
  ],
};
