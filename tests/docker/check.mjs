// The production files, checked without a running stack: docker-compose.yml resolves with a realistic
// .env (a generated password full of '/', '#', '?' and '@' reaches the CMS untouched, with no URL
// built from it), refuses to start without each required setting, and passes every setting the README
// lists through to the CMS. When a Docker engine is present the image is built too.
// Needs `docker compose` or `docker-compose` (the check is skipped without either).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib.mjs';

const checks = [];
const check = (name, ok, detail = '') => {
  checks.push(ok);
  console.log(`  ${ok ? '✓' : '✗'} ${name}${ok ? '' : `: ${detail}`}`);
};

export function composeCommand() {
  const v2 = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (v2.status === 0) return ['docker', 'compose'];
  const v1 = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
  if (v1.status === 0) return ['docker-compose'];
  return null;
}

const REQUIRED = {
  DATABASE_PASSWORD: 'ab/c+d#e?f@g$=',
  APP_KEYS: 'k1,k2,k3,k4',
  API_TOKEN_SALT: 'salt',
  ADMIN_JWT_SECRET: 'admin-jwt',
  TRANSFER_TOKEN_SALT: 'transfer',
  JWT_SECRET: 'jwt',
  ENCRYPTION_KEY: 'encryption',
  RUN_TICKET_SECRET: 'run-ticket-secret-0123456789',
  PANEL_ADMIN_EMAIL: 'ops@example.com',
  PANEL_ADMIN_PASSWORD: 'Panel/Pass#1?',
  ADMIN_USERNAME: 'siteadmin',
  ADMIN_PASSWORD: 'Site/Adm1n#?',
};

const [bin, ...pre] = composeCommand() ?? [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-compose-'));
fs.copyFileSync(path.join(ROOT, 'docker-compose.yml'), path.join(dir, 'docker-compose.yml'));
// Single quotes: Compose reads the value literally ('$' included).
const writeEnv = (values) =>
  fs.writeFileSync(path.join(dir, '.env'), Object.entries(values).map(([k, v]) => `${k}='${v}'`).join('\n') + '\n');
const config = () => {
  // Nothing from this shell may leak in: only the .env file speaks.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_|ADMIN_|PANEL_|APP_KEYS|JWT|PORT|S3_)/.test(k)));
  return spawnSync(bin, [...pre, 'config'], { cwd: dir, encoding: 'utf8', env });
};

try {
  if (!bin) throw new Error('no docker compose');
  writeEnv({ ...REQUIRED, CRON_ENABLED: 'false', NEWS_FEED_TIMEOUT_MS: '4000' });
  const ok = config();
  check('docker-compose.yml resolves with every required setting', ok.status === 0, ok.stderr);
  const cms = ok.stdout.slice(ok.stdout.indexOf('\n  cms:'), ok.stdout.indexOf('\n  db:') > ok.stdout.indexOf('\n  cms:') ? ok.stdout.indexOf('\n  db:') : undefined);
  check(
    'a password with / # ? @ $ reaches the CMS as it is, as DATABASE_PASSWORD, with no URL built from it',
    // (`config` prints a literal '$' as '$$', its own escape)
    cms.includes(`DATABASE_PASSWORD: ${REQUIRED.DATABASE_PASSWORD.replaceAll('$', '$$$$')}`) && !cms.includes('DATABASE_URL'),
    cms.slice(0, 400),
  );
  check('optional settings from .env are passed through', /CRON_ENABLED: ['"]?false/.test(cms) && /NEWS_FEED_TIMEOUT_MS: ['"]?4000/.test(cms), cms.slice(0, 400));

  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Environment'), readme.indexOf('\n## ', readme.indexOf('## Environment') + 5));
  const listed = [...new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]))];
  // Local-only settings: the SQLite file, test folders and the listen address have no place in the stack.
  const localOnly = new Set(['DATABASE_FILENAME', 'DATABASE_URL', 'HOST', 'SITE_DIST_DIR', 'HAIC_SHARED_DIR']);
  const missing = listed.filter((name) => !localOnly.has(name) && !new RegExp(`\\n\\s+${name}:`).test(cms));
  check(`every setting the README lists (${listed.length}) reaches the CMS`, listed.length > 20 && missing.length === 0, `missing: ${missing.join(', ')}`);

  for (const name of Object.keys(REQUIRED)) {
    const { [name]: _left, ...rest } = REQUIRED;
    writeEnv(rest);
    const refused = config();
    if (refused.status === 0 || !refused.stderr.includes(name)) {
      check(`compose refuses to start without ${name}`, false, refused.stderr || 'accepted');
    }
  }
  check('compose refuses to start without any one required setting, naming it', true);

  const engine = spawnSync('docker', ['info'], { encoding: 'utf8' });
  if (engine.status === 0) {
    console.log('Docker engine found: building the image...');
    const build = spawnSync('docker', ['build', '-t', 'haic-cms:test', ROOT], { stdio: 'inherit' });
    check('the production image builds', build.status === 0);
  } else {
    console.log('No Docker engine: the image build is not checked here (see README, "Checking by hand").');
  }
} catch (error) {
  check('compose check', false, error.message);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const failed = checks.filter((ok) => !ok).length;
console.log(`docker: ${checks.length - failed} passed, ${failed} failed`);
if (process.env.DOCKER_REPORT) fs.writeFileSync(process.env.DOCKER_REPORT, JSON.stringify({ passed: checks.length - failed, failed }));
process.exit(failed ? 1 : 0);
