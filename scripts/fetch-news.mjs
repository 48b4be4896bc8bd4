// npm run fetch-news: one news aggregation pass now over every enabled feed, against the configured
// database (SQLite by default, PostgreSQL by the DATABASE_* env vars); prints a per-feed table.
import path from 'node:path';
import { buildCms, buildSeed } from './lib/build.mjs';
import { ensureEnvFile } from './lib/env-file.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { ROOT } from './lib/paths.mjs';
import { run } from './lib/process.mjs';

ensureInstalled();
ensureEnvFile();
await buildCms();
await buildSeed();
try {
  run(process.execPath, [path.join(ROOT, 'seed/dist/fetch-news.js')], { env: { NODE_ENV: process.env.NODE_ENV || 'production' } });
} catch {
  process.exit(1);
}
