// npm run create-editor -- --email you@example.com --password 'Secret123!' --firstname Ada [--lastname Lovelace] [--role editor|author|super-admin]
// Creates a CMS panel account (/cms) in the configured database. The default role, Editor, can create, edit,
// publish and unpublish all content and upload media, but not change settings or panel users;
// --role super-admin gives the whole panel (like `strapi admin:create-user`).
import path from 'node:path';
import { buildCms, buildSeed } from './lib/build.mjs';
import { ensureEnvFile } from './lib/env-file.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { ROOT } from './lib/paths.mjs';
import { run } from './lib/process.mjs';

const args = process.argv.slice(2);
if (!args.some((arg) => arg.startsWith('--email') || arg === '-e') || !args.some((arg) => arg.startsWith('--password') || arg === '-p')) {
  console.error(
    "Usage: npm run create-editor -- --email you@example.com --password 'Secret123!' --firstname Ada [--lastname Lovelace] [--role editor|author|super-admin]",
  );
  process.exit(2);
}

ensureInstalled();
ensureEnvFile();
await buildCms();
await buildSeed();
try {
  run(process.execPath, [path.join(ROOT, 'seed/dist/create-editor.js'), ...args], { env: { NODE_ENV: process.env.NODE_ENV || 'production' } });
} catch {
  process.exit(1);
}
