import { GRAPHQL_MAX_TOKENS, fieldLimitRule, textRulePlugin } from '../src/utils/graphql-limits';

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
      apolloServer: {
        introspection: env('NODE_ENV') !== 'production',
        // An alias flood is refused while parsing (tokens) or validating (field count), before it costs.
        parseOptions: { maxTokens: GRAPHQL_MAX_TOKENS },
        validationRules: [fieldLimitRule()],
        // No "Did you mean ...?" hints: the schema is not advertised through error messages.
        hideSchemaDetailsFromClientErrors: true,
        plugins: [textRulePlugin],
      },
    },
  },
});
