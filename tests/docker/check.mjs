// The production files, checked without a running stack: docker-compose.yml resolves with a realistic
// .env (a generated password full of '/', '#', '?' and '@' reaches the CMS untouched, with no URL
// built from it), refuses to start without each required setting, and passes every setting the settings table
// of docs/configuration.md lists through to the CMS. When a Docker engine is present the image is built too.
// Needs `docker compose` or `docker-compose` (the check is skipped without either).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';

const checks = [];

/** scripts/lib/supervise.mjs with a server that dies twice, then stays up until it is stopped. */
async function supervisedRestarts() {
  const { supervise } = await import('../../scripts/lib/supervise.mjs');
  const { spawn } = await import('node:child_process');
  let starts = 0;
  const said = [];
  const stopped = new Promise((resolve) => {
    const server = supervise(
      () => {
        starts += 1;
        return spawn(process.execPath, ['-e', starts <= 2 ? 'process.exit(3)' : 'setInterval(() => {}, 1000)']);
      },
      { onExit: resolve, backoff: { firstMs: 20, maxMs: 1000, stableAfterMs: 60_000 }, say: (line) => said.push(line) },
    );
    const waitForThird = setInterval(() => {
      if (starts === 3) {
        clearInterval(waitForThird);
        setTimeout(() => server.stop('SIGTERM'), 100);
      }
    }, 10);
  });
  await stopped;
  return starts === 3 && said.length === 2 && said[0].includes('exit code 3') && said[0].includes('0.02 s') && said[1].includes('0.04 s');
}
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
  PUBLIC_URL: 'https://haic.example.com',
};

const [bin, ...pre] = composeCommand() ?? [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-compose-'));
fs.copyFileSync(path.join(ROOT, 'docker-compose.yml'), path.join(dir, 'docker-compose.yml'));
fs.copyFileSync(path.join(ROOT, '.prometheus.yml'), path.join(dir, '.prometheus.yml'));
// Single quotes: Compose reads the value literally ('$' included).
const writeEnv = (values) =>
  fs.writeFileSync(
    path.join(dir, '.env'),
    Object.entries(values)
      .map(([k, v]) => `${k}='${v}'`)
      .join('\n') + '\n',
  );
const config = (...args) => {
  // Nothing from this shell may leak in: only the .env file speaks.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_|ADMIN_|PANEL_|APP_KEYS|JWT|PORT|S3_)/.test(k)));
  return spawnSync(bin, [...pre, ...args, 'config'], { cwd: dir, encoding: 'utf8', env });
};

try {
  if (!bin) throw new Error('no docker compose');
  writeEnv({ ...REQUIRED, CRON_ENABLED: 'false', NEWS_FEED_TIMEOUT_MS: '4000' });
  const ok = config();
  check('docker-compose.yml resolves with every required setting', ok.status === 0, ok.stderr);
  const cms = ok.stdout.slice(
    ok.stdout.indexOf('\n  cms:'),
    ok.stdout.indexOf('\n  db:') > ok.stdout.indexOf('\n  cms:') ? ok.stdout.indexOf('\n  db:') : undefined,
  );
  check(
    'a password with / # ? @ $ reaches the CMS as it is, as DATABASE_PASSWORD, with no URL built from it',
    // (`config` prints a literal '$' as '$$', its own escape)
    cms.includes(`DATABASE_PASSWORD: ${REQUIRED.DATABASE_PASSWORD.replaceAll('$', '$$$$')}`) && !cms.includes('DATABASE_URL'),
    cms.slice(0, 400),
  );
  check(
    'optional settings from .env are passed through',
    /CRON_ENABLED: ['"]?false/.test(cms) && /NEWS_FEED_TIMEOUT_MS: ['"]?4000/.test(cms),
    cms.slice(0, 400),
  );

  const configuration = fs.readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
  const start = configuration.indexOf('\n## Settings\n');
  const end = configuration.indexOf('\n## ', start + 5);
  const table = start < 0 ? '' : configuration.slice(start, end < 0 ? undefined : end);
  const listed = [...new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]))];
  // Local-only settings: the SQLite file, test folders and the listen address have no place in the stack.
  const localOnly = new Set(['DATABASE_FILENAME', 'DATABASE_URL', 'HOST', 'SITE_DIST_DIR', 'HAIC_SHARED_DIR', 'OUTBOUND_ALLOW_PRIVATE']);
  const missing = listed.filter((name) => !localOnly.has(name) && !new RegExp(`\\n\\s+${name}:`).test(cms));
  check(
    `every setting docs/configuration.md lists (${listed.length}) reaches the CMS`,
    listed.length > 20 && missing.length === 0,
    `missing: ${missing.join(', ')}`,
  );

  for (const name of Object.keys(REQUIRED)) {
    const { [name]: _left, ...rest } = REQUIRED;
    writeEnv(rest);
    const refused = config();
    if (refused.status === 0 || !refused.stderr.includes(name)) {
      check(`compose refuses to start without ${name}`, false, refused.stderr || 'accepted');
    }
  }
  check('compose refuses to start without any one required setting, naming it', true);

  // The optional MinIO: no well-known account, and nothing published beyond this host's loopback.
  writeEnv(REQUIRED);
  const s3 = config('--profile', 's3');
  const minio = s3.stdout.slice(s3.stdout.indexOf('\n  minio:'), s3.stdout.indexOf('\n  minio-init:'));
  check('the s3 profile resolves without MinIO settings (and the default deploy never needs them)', s3.status === 0 && minio.length > 0, s3.stderr);
  check(
    'MinIO has no default password and refuses to start without a 16+ character one',
    /MINIO_ROOT_PASSWORD: ''/.test(minio) && minio.includes('#MINIO_ROOT_PASSWORD} -lt 16') && minio.includes('exit 1'),
    minio.slice(0, 600),
  );
  const published = [...minio.matchAll(/^\s+- (\S+:\d+:\d+)/gm)].map((m) => m[1]);
  check(
    'MinIO is published on the loopback address only',
    published.length > 0 && published.every((p) => p.startsWith('127.0.0.1:')),
    published.join(', ') || minio.slice(0, 600),
  );
  // The optional Prometheus: it needs METRICS_TOKEN, publishes on loopback only, and its config is valid.
  const monitoring = config('--profile', 'monitoring');
  const prometheus = monitoring.stdout.slice(monitoring.stdout.indexOf('\n  prometheus:'));
  check(
    'the monitoring profile resolves, Prometheus refuses to start without a 16+ character METRICS_TOKEN, on loopback only',
    monitoring.status === 0 && prometheus.includes('#METRICS_TOKEN} -lt 16') && /- 127\.0\.0\.1:\d+:9090/.test(prometheus),
    monitoring.stderr || prometheus.slice(0, 600),
  );
  // The optional cache in front: Varnish with the repository's VCL (tests/cache/check.mjs runs it against the site).
  const cacheProfile = config('--profile', 'cache');
  const cacheService = cacheProfile.stdout.slice(cacheProfile.stdout.indexOf('\n  cache:'));
  check(
    'the cache profile resolves and runs Varnish with .varnish.vcl',
    cacheProfile.status === 0 && /image: varnish:/.test(cacheService) && /\.varnish\.vcl:\/etc\/varnish\/site\.vcl:ro/.test(cacheService),
    cacheProfile.stderr || cacheService.slice(0, 600),
  );
  // Several instances (--scale cms=N): the name `cms` resolves to several addresses, which Varnish refuses as a
  // backend host; .varnish-start.sh gives each address its own backend (tests/cache/check.mjs runs it with two).
  const startScript = fs.readFileSync(path.join(ROOT, '.varnish-start.sh'), 'utf8');
  const siteVcl = fs.readFileSync(path.join(ROOT, '.varnish.vcl'), 'utf8');
  const cmsPort = /\n\s+PORT: ['"]?(\d+)/.exec(cms)?.[1];
  check(
    'the cache starts through .varnish-start.sh, its backends being every address of the cms service on the cms port',
    /entrypoint:\n\s+- sh\n\s+- \/etc\/varnish\/start\.sh\n/.test(cacheService) &&
      /\.varnish-start\.sh:\/etc\/varnish\/start\.sh:ro/.test(cacheService) &&
      /\n\s+CACHE_BACKEND_HOST: cms\n/.test(cacheService) &&
      /\n {2}cms:\n/.test(cacheProfile.stdout) &&
      cmsPort !== undefined &&
      new RegExp(`\\n\\s+CACHE_BACKEND_PORT: ['"]?${cmsPort}['"]?\\n`).test(cacheService) &&
      /\n\s+CACHE_SITE_VCL: \/etc\/varnish\/site\.vcl\n/.test(cacheService),
    cacheService.slice(0, 800),
  );
  check(
    'the start script resolves every address (getent), writes a round-robin director with /_ready probes and the purge ACL, and follows the DNS',
    spawnSync('sh', ['-n', path.join(ROOT, '.varnish-start.sh')]).status === 0 &&
      startScript.includes('getent ahostsv4 "$host"') &&
      startScript.includes('directors.round_robin()') &&
      startScript.includes('.url = "/_ready"') &&
      startScript.includes('acl purgers {') &&
      startScript.includes('vcl.load') &&
      startScript.includes('include \\"$site_vcl\\";'),
  );
  check(
    '.varnish.vcl names no backend host of its own (one host with several addresses is refused) and purges only from the ACL',
    !/^\s*backend\s/m.test(siteVcl) && !/\.host\s*=/.test(siteVcl) && siteVcl.includes('client.ip !~ purgers') && !/^\s*acl\s/m.test(siteVcl),
  );
  const promtool = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim();
  if (promtool) {
    // The token file the container writes at start, made here so that promtool can check the whole config.
    const token = path.join(dir, 'metrics-token');
    fs.writeFileSync(token, 'a-token-for-the-config-check');
    const configCopy = path.join(dir, 'prometheus.yml');
    fs.writeFileSync(
      configCopy,
      fs.readFileSync(path.join(ROOT, '.prometheus.yml'), 'utf8').replace('credentials_file: /tmp/metrics-token', `credentials_file: ${token}`),
    );
    const checked = spawnSync(promtool, ['check', 'config', configCopy], { encoding: 'utf8' });
    check('promtool check config passes on .prometheus.yml', checked.status === 0, checked.stdout + checked.stderr);
  }
  // Every published port, in every profile, on this host's loopback unless PUBLISH_ADDRESS widens it: Docker's
  // published ports pass by the host's firewall, so the TLS proxy on the host must be the only way in.
  writeEnv(REQUIRED);
  const everything = config('--profile', 'cache', '--profile', 's3', '--profile', 'monitoring');
  const ports = [...everything.stdout.matchAll(/^\s+- (\S+:\d+:\d+)(?:\/tcp)?$/gm)].map((m) => m[1]);
  check(
    'every port compose publishes (instances, cache, MinIO, Prometheus) binds to 127.0.0.1 by default; the database none',
    ports.length === 4 && ports.every((published) => published.startsWith('127.0.0.1:')) && !ports.some((published) => published.endsWith(':5432')),
    ports.join(', ') || everything.stderr,
  );
  writeEnv({ ...REQUIRED, PUBLISH_ADDRESS: '0.0.0.0' });
  const widened = [...config('--profile', 'cache', '--profile', 's3', '--profile', 'monitoring').stdout.matchAll(/^\s+- (\S+:\d+:\d+)(?:\/tcp)?$/gm)].map(
    (m) => m[1],
  );
  check('PUBLISH_ADDRESS widens them', widened.length === 4 && widened.every((published) => published.startsWith('0.0.0.0:')), widened.join(', '));

  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  check(
    'neither the image nor compose lets the server fetch from private addresses (OUTBOUND_ALLOW_PRIVATE)',
    !dockerfile.includes('OUTBOUND_ALLOW_PRIVATE') && !fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8').includes('OUTBOUND_ALLOW_PRIVATE'),
  );
  check('the production image refuses to start without PUBLIC_URL (REQUIRE_PUBLIC_URL=true)', /ENV [^\n]*REQUIRE_PUBLIC_URL=true/.test(dockerfile));

  // Recovery: a dead process is started again, by Docker in production and by npm start locally.
  writeEnv(REQUIRED);
  const resolved = config().stdout;
  const cmsService = resolved.slice(
    resolved.indexOf('\n  cms:'),
    resolved.indexOf('\n  db:') > resolved.indexOf('\n  cms:') ? resolved.indexOf('\n  db:') : undefined,
  );
  check(
    'compose restarts the CMS when its process dies (restart: unless-stopped or always)',
    /\n\s+restart: (unless-stopped|always)\n/.test(cmsService),
    cmsService.slice(0, 400),
  );
  check('compose health-checks the CMS over HTTP', /\n\s+healthcheck:\n[\s\S]*?\/_(health|ready)/.test(cmsService), cmsService.slice(0, 400));
  check('the image health-checks /_health (HEALTHCHECK)', /HEALTHCHECK [\s\S]*?\/_health/.test(dockerfile));
  check('npm start restarts a server that dies, with a growing pause, and stops on a signal', await supervisedRestarts());

  const engine = spawnSync('docker', ['info'], { encoding: 'utf8' });
  if (engine.status === 0) {
    console.log('Docker engine found: building the image...');
    const build = spawnSync('docker', ['build', '-t', 'haic-cms:test', ROOT], { stdio: 'inherit' });
    check('the production image builds', build.status === 0);
  } else {
    console.log('No Docker engine: the image build is not checked here (see docs/operating.md, "Checking by hand").');
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
