import fs from 'fs';
import path from 'path';
import { setting } from '../src/utils/settings';

export default () => {
  const client = setting('DATABASE_CLIENT');

  if (client === 'postgres') {
    // Separate settings are handed to the driver as they are: no URL is built, so a password with
    // '/', '#', '?' or '@' (what `openssl rand -base64` gives) needs no escaping. DATABASE_URL, when
    // set, is used instead of them (its password must then be percent-encoded, as in any URL).
    const url = setting('DATABASE_URL');
    const ssl = setting('DATABASE_SSL') && {
      rejectUnauthorized: setting('DATABASE_SSL_REJECT_UNAUTHORIZED'),
    };
    const connection = url
      ? { connectionString: url, ssl }
      : {
          host: setting('DATABASE_HOST'),
          port: setting('DATABASE_PORT'),
          database: setting('DATABASE_NAME'),
          user: setting('DATABASE_USERNAME'),
          password: setting('DATABASE_PASSWORD'),
          ssl,
        };
    return {
      connection: {
        client: 'postgres',
        connection: { ...connection, schema: setting('DATABASE_SCHEMA'), connectionTimeoutMillis: 2000 },
        // A database that is down answers requests with a 503 within seconds, never a hang: a new
        // connection gives up after 2 s, a request waits at most DATABASE_CONNECTION_TIMEOUT for one.
        pool: { min: setting('DATABASE_POOL_MIN'), max: setting('DATABASE_POOL_MAX'), createTimeoutMillis: 2000, createRetryIntervalMillis: 200 },
        acquireConnectionTimeout: setting('DATABASE_CONNECTION_TIMEOUT'),
      },
    };
  }

  // Relative names are taken from the cms folder (this file runs from dist/config).
  const filename = path.resolve(__dirname, '..', '..', setting('DATABASE_FILENAME'));
  fs.mkdirSync(path.dirname(filename), { recursive: true });

  return {
    connection: {
      client: 'sqlite',
      connection: { filename },
      useNullAsDefault: true,
    },
  };
};
