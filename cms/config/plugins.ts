import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { setting } from '../src/utils/settings';
import { BoundedDocumentStore } from '../src/utils/graphql-cache';
import { GRAPHQL_MAX_TOKENS, fieldLimitRule, textRulePlugin } from '../src/utils/graphql-limits';
import { UPLOAD_SECURITY, s3UploadConfig } from '../src/utils/uploads';

export default () => ({
  'users-permissions': {
    config: {
      jwtSecret: setting('JWT_SECRET'),
      jwt: { expiresIn: setting('JWT_EXPIRES_IN') },
    },
  },
  // Editors are emailed about contact messages when SMTP_HOST and CONTACT_NOTIFY_TO are set (services/notify.ts).
  email: {
    config: {
      provider: 'nodemailer',
      providerOptions: {
        host: setting('SMTP_HOST') || 'localhost',
        port: setting('SMTP_PORT'),
        secure: setting('SMTP_SECURE'),
        ...(setting('SMTP_USERNAME') ? { auth: { user: setting('SMTP_USERNAME'), pass: setting('SMTP_PASSWORD') } } : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      },
      settings: {
        defaultFrom: setting('SMTP_FROM'),
        defaultReplyTo: setting('SMTP_FROM'),
      },
    },
  },
  graphql: {
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      landingPage: setting('NODE_ENV') !== 'production',
      depthLimit: 7,
      defaultLimit: 10,
      maxLimit: 50,
      apolloServer: {
        introspection: setting('NODE_ENV') !== 'production',
        // An alias flood is refused while parsing (tokens) or validating (field count), before it costs.
        parseOptions: { maxTokens: GRAPHQL_MAX_TOKENS },
        validationRules: [fieldLimitRule()],
        // Parsed documents of distinct query texts, bounded (Apollo's own store keeps 30 MB of JSON, several times that in the heap).
        documentStore: new BoundedDocumentStore(),
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
      ...(s3UploadConfig() ?? {}),
      // Raster images only (src/utils/uploads.ts); the extension checks each file's bytes as well.
      security: UPLOAD_SECURITY,
    },
  },
});
