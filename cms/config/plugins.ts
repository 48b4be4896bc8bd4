import { s3UploadConfig } from '../src/utils/uploads';

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
  // S3-compatible storage when S3_BUCKET is set, else the local disk (see src/utils/uploads.ts).
  ...(s3UploadConfig(env) ? { upload: { config: s3UploadConfig(env) } } : {}),
});
