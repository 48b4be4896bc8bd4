// GET /api/blog?page=&pageSize= : the site's list of published posts.
// GET /api/blog/preview?slug=&token= : one draft, for an editor's signed preview link.
export default {
  routes: [
    {
      method: 'GET',
      path: '/blog',
      handler: 'blog-post.list',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/blog/preview',
      handler: 'blog-post.preview',
      config: { auth: false },
    },
  ],
};
