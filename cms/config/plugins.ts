import type { Core } from '@strapi/strapi';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { GRAPHQL_MAX_TOKENS, fieldLimitRule, textRulePlugin } from '../src/utils/graphql-limits';
import { UPLOAD_SECURITY, s3UploadConfig } from '../src/utils/uploads';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '7d') },
    },
  },
  // Editors are emailed about contact messages when SMTP_HOST and CONTACT_NOTIFY_TO are set (services/notify.ts).
  email: {
    config: {
      provider: 'nodemailer',
      providerOptions: {
        host: env('SMTP_HOST', 'localhost'),
        port: env.int('SMTP_PORT', 587),
        secure: env.bool('SMTP_SECURE', false),
        ...(env('SMTP_USERNAME') ? { auth: { user: env('SMTP_USERNAME'), pass: env('SMTP_PASSWORD') } } : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      },
      settings: {
        defaultFrom: env('SMTP_FROM', 'HAIC site <no-reply@localhost>'),
        defaultReplyTo: env('SMTP_FROM', 'HAIC site <no-reply@localhost>'),
      },
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
      apolloServer: {
        introspection: env('NODE_ENV') !== 'production',
        // An alias flood is refused while parsing (tokens) or validating (field count), before it costs.
        parseOptions: { maxTokens: GRAPHQL_MAX_TOKENS },
        validationRules: [fieldLimitRule()],
        // No "Did you mean ...?" hints: the schema is not advertised through error messages.
        hideSchemaDetailsFromClientErrors: true,
        // Cache-Control is the http-cache middleware's to set (a GET of a public read is shareable); Apollo's
        // own plugin would mark every answer without cache hints no-store.
        plugins: [textRulePlugin, ApolloServerPluginCacheControl({ calculateHttpHeaders: false })],
      },
    },
  },
  upload: {
    config: {
      // S3-compatible storage when S3_BUCKET is set, else the local disk (see src/utils/uploads.ts).
      ...(s3UploadConfig(env) ?? {}),
      // Raster images only (src/utils/uploads.ts); the extension checks each file's bytes as well.
      security: UPLOAD_SECURITY,
    },
  },
});
