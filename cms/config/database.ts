import type { Core } from '@strapi/strapi';
import fs from 'fs';
import path from 'path';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'postgres') {
    // Separate settings are handed to the driver as they are: no URL is built, so a password with
    // '/', '#', '?' or '@' (what `openssl rand -base64` gives) needs no escaping. DATABASE_URL, when
    // set, is used instead of them (its password must then be percent-encoded, as in any URL).
    const url = env('DATABASE_URL', '');
    const ssl = env.bool('DATABASE_SSL', false) && {
      rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true),
    };
    const connection = url
      ? { connectionString: url, ssl }
      : {
          host: env('DATABASE_HOST', 'localhost'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'haic'),
          user: env('DATABASE_USERNAME', 'haic'),
          password: env('DATABASE_PASSWORD', ''),
          ssl,
        };
    return {
      connection: {
        client: 'postgres',
        connection: { ...connection, schema: env('DATABASE_SCHEMA', 'public'), connectionTimeoutMillis: 2000 },
        // A database that is down answers requests with a 503 within seconds, never a hang: a new
        // connection gives up after 2 s, a request waits at most DATABASE_CONNECTION_TIMEOUT for one.
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10), createTimeoutMillis: 2000, createRetryIntervalMillis: 200 },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 3000),
      },
    };
  }

  // Relative names are taken from the cms folder (this file runs from dist/config).
  const filename = path.resolve(__dirname, '..', '..', env('DATABASE_FILENAME', 'data/haic.db'));
  fs.mkdirSync(path.dirname(filename), { recursive: true });

  return {
    connection: {
      client: 'sqlite',
      connection: { filename },
      useNullAsDefault: true,
    },
  };
};
