// POST /api/contact : the site's contact form. There is deliberately no read route:
// messages are read in the panel only.
export default {
  routes: [
    {
      method: 'POST',
      path: '/contact',
      handler: 'contact-message.submit',
      config: { auth: false },
    },
  ],
};
