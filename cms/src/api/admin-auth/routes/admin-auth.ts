// POST /api/admin/login: the site admin sign-in (spec section 7). Public route: the controller decides.
export default {
  routes: [
    {
      method: 'POST',
      path: '/admin/login',
      handler: 'admin-auth.login',
      config: { auth: false },
    },
  ],
};
