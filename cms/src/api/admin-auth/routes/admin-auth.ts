// POST /api/admin/login: the site admin sign-in. Public route: the controller decides.
// POST /api/admin/logout: server-side sign-out of an admin token (revokes every token issued before it).
export default {
  routes: [
    {
      method: 'POST',
      path: '/admin/login',
      handler: 'admin-auth.login',
      config: { auth: false },
    },
    {
      method: 'POST',
      path: '/admin/logout',
      // One sign-out for both populations: the account API's.
      handler: 'api::account.account.logout',
      config: { auth: false, policies: ['global::is-logged-in'] },
    },
  ],
};
