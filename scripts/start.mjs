// npm start: install what is missing, create local secrets, build what is stale, seed a new
// database, then serve the site, the API, GraphQL and the CMS panel on one port.
import fs from 'node:fs';
import { buildCms, buildWeb, runSeed } from './lib/build.mjs';
import { ensureEnvFile, readEnvFile, sqliteFile } from './lib/env-file.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { log } from './lib/process.mjs';
import { startCms, waitForHttp } from './lib/server.mjs';
import { supervise } from './lib/supervise.mjs';

const started = Date.now();
ensureInstalled();

const generated = ensureEnvFile();
if (Object.keys(generated).length) log(`Generated local secrets in cms/.env: ${Object.keys(generated).join(', ')}.`);

await buildWeb();
await buildCms();

const dbFile = sqliteFile();
const newDatabase = dbFile ? !fs.existsSync(dbFile) : true;
if (newDatabase || process.env.SEED === 'always') {
  log('Seeding sample content...');
  await runSeed();
  if (generated.ADMIN_PASSWORD) {
    const { ADMIN_USERNAME, ADMIN_PASSWORD } = readEnvFile();
    log(`Site admin account created: username "${ADMIN_USERNAME}", password "${ADMIN_PASSWORD}" (kept in cms/.env; shown only this once).`);
  }
  if (generated.PANEL_ADMIN_PASSWORD) {
    const { PANEL_ADMIN_EMAIL, PANEL_ADMIN_PASSWORD } = readEnvFile();
    log(`CMS panel Super Admin created: email "${PANEL_ADMIN_EMAIL}", password "${PANEL_ADMIN_PASSWORD}" at /cms (kept in cms/.env; shown only this once).`);
  }
}

const port = Number(process.env.PORT || readEnvFile().PORT || 1337);
// Supervised: a server that dies (a crash, out of memory) is started again, with a growing pause.
const server = supervise(() => startCms({ env: { PORT: String(port) } }), { onExit: (code) => process.exit(code) });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));

const base = `http://localhost:${port}`;
await waitForHttp(`${base}/_health`, { child: server.current(), timeoutMs: 180000 });
log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
log(`  Site       ${base}/`);
log(`  REST API   ${base}/api`);
log(`  GraphQL    ${base}/graphql`);
log(`  CMS panel  ${base}/cms`);
