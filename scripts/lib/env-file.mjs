// cms/.env: the local secrets, generated on first start and never committed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CMS_DIR, ENV_FILE } from './paths.mjs';

export function parseEnv(text) {
  const values = {};
  for (const line of text.split(/\r?\n/)) {
    const match = line.match(/^\s*([A-Za-z_]\w*)\s*=(.*)$/);
    if (match) values[match[1]] = match[2].trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

export const readEnvFile = (file = ENV_FILE) => (fs.existsSync(file) ? parseEnv(fs.readFileSync(file, 'utf8')) : {});

const secret = (bytes = 32) => crypto.randomBytes(bytes).toString('base64');

/** A password that satisfies the site's rules: upper, lower, digit and special character. */
export const generatePassword = () => `Hc${crypto.randomBytes(12).toString('base64url')}7!`;

/**
 * Creates cms/.env on first run with fresh secrets and fills in any that are missing later.
 * Returns the names of the values it generated.
 */
export function ensureEnvFile() {
  const current = readEnvFile();
  const wanted = {
    APP_KEYS: () => [secret(16), secret(16), secret(16), secret(16)].join(','),
    API_TOKEN_SALT: () => secret(16),
    ADMIN_JWT_SECRET: () => secret(),
    TRANSFER_TOKEN_SALT: () => secret(16),
    JWT_SECRET: () => secret(),
    ENCRYPTION_KEY: () => secret(),
    TELEGRAM_WEBHOOK_SECRET: () => crypto.randomBytes(24).toString('hex'),
    PREVIEW_SECRET: () => secret(),
    RUN_TICKET_SECRET: () => secret(),
  };
  if (!process.env.ADMIN_USERNAME && !process.env.ADMIN_PASSWORD) {
    wanted.ADMIN_USERNAME = () => 'admin';
    wanted.ADMIN_PASSWORD = generatePassword;
  }
  // The CMS panel's first Super Admin (created at start on a database without panel accounts).
  if (!process.env.PANEL_ADMIN_EMAIL && !process.env.PANEL_ADMIN_PASSWORD) {
    wanted.PANEL_ADMIN_EMAIL = () => 'admin@haic.local';
    wanted.PANEL_ADMIN_PASSWORD = generatePassword;
  }
  const added = {};
  for (const [name, make] of Object.entries(wanted)) {
    if (!current[name] && !process.env[name]) added[name] = make();
  }
  if (Object.keys(added).length) {
    const header = fs.existsSync(ENV_FILE) ? '' : '# Local secrets, generated on first start. Never commit this file.\n';
    const lines = Object.entries(added)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    fs.appendFileSync(ENV_FILE, `${header}${lines}\n`, { mode: 0o600 });
  }
  return added;
}

/** The SQLite file the env names (the embedded default), or null on another database. */
export function sqliteFile(env = process.env) {
  const client = env.DATABASE_CLIENT || readEnvFile().DATABASE_CLIENT || 'sqlite';
  if (client !== 'sqlite') return null;
  const name = env.DATABASE_FILENAME || readEnvFile().DATABASE_FILENAME || 'data/haic.db';
  return path.resolve(CMS_DIR, name);
}
