export default ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '7d') },
    },
  },
  graphql: {
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      landingPage: env('NODE_ENV') !== 'production',
      depthLimit: 7,
      defaultLimit: 10,
      maxLimit: 50,
      apolloServer: { introspection: env('NODE_ENV') !== 'production' },
    },
  },
});
