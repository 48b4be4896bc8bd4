// npm run create-editor -- --email you@example.com --password 'Secret123!' --firstname Ada [--lastname Lovelace]
// Creates a CMS panel (editor) account with Strapi's own `strapi admin:create-user`.
import path from 'node:path';
import { CMS_DIR, ROOT, buildCms, ensureEnvFile, ensureInstalled, run } from './lib.mjs';

const args = process.argv.slice(2);
if (!args.some((arg) => arg.startsWith('--email')) || !args.some((arg) => arg.startsWith('--password'))) {
  console.error("Usage: npm run create-editor -- --email you@example.com --password 'Secret123!' --firstname Ada [--lastname Lovelace]");
  process.exit(2);
}

ensureInstalled();
ensureEnvFile();
buildCms();
run(process.execPath, [path.join(ROOT, 'node_modules/@strapi/strapi/bin/strapi.js'), 'admin:create-user', ...args], {
  cwd: CMS_DIR,
  env: { NODE_ENV: 'production' },
});
