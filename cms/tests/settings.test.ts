/**
 * One settings module (src/utils/settings.ts) reads and checks every environment variable: the settings table of
 * docs/configuration.md names exactly the variables it knows, and a bad value stops the server at start, naming it.
 */
import fs from 'fs';
import path from 'path';
import { SETTING_NAMES, setting, validateSettings } from '../src/utils/settings';
import { startTestApp } from './helpers/strapi';

/** The variables named in the first column of the "## Settings" table of docs/configuration.md. */
function documentedSettings(): string[] {
  const page = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'configuration.md'), 'utf8');
  const start = page.indexOf('\n## Settings\n');
  expect(start).toBeGreaterThan(0);
  const end = page.indexOf('\n## ', start + 5);
  const section = page.slice(start, end < 0 ? undefined : end);
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return [...new Set(rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1])))];
}

describe('the table of settings in docs/configuration.md', () => {
  it('lists every variable the settings module reads, and no other', () => {
    const listed = documentedSettings();
    expect(listed.length).toBeGreaterThan(50);
    expect(SETTING_NAMES.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !(SETTING_NAMES as string[]).includes(name))).toEqual([]);
  });
});

describe('a bad setting', () => {
  it('is refused with its name, its rule and the value given', () => {
    expect(() => validateSettings({ LOAD_SHED_LAG_MS: 'abc' })).toThrow('LOAD_SHED_LAG_MS must be a number of 0 or more, got "abc"');
    expect(() => validateSettings({ PORT: '70000' })).toThrow('PORT must be a positive integer up to 65535, got "70000"');
    expect(() => validateSettings({ PASSWORD_HASH_THREADS: '1.5' })).toThrow('PASSWORD_HASH_THREADS must be a positive integer, got "1.5"');
    expect(() => validateSettings({ PASSWORD_HASH_ROUNDS: '3' })).toThrow('PASSWORD_HASH_ROUNDS must be an integer of 4 or more up to 15, got "3"');
    expect(() => validateSettings({ CRON_ENABLED: 'yes' })).toThrow('CRON_ENABLED must be true or false, got "yes"');
    expect(() => validateSettings({ RATE_LIMIT_STORE: 'redis' })).toThrow('RATE_LIMIT_STORE must be "database" or "memory", got "redis"');
    expect(() => validateSettings({ CONTACT_RATE_LIMIT_MAX: 'lots' })).toThrow('CONTACT_RATE_LIMIT_MAX must be a positive number, got "lots"');
    expect(() => validateSettings({ NEWS_FETCH_CRON: 'hourly' })).toThrow(/^NEWS_FETCH_CRON must be a cron rule/);
    expect(() => validateSettings({ PUBLIC_URL: 'haic.example.com/blog' })).toThrow(/^PUBLIC_URL must be the site's origin/);
  });

  it('unset or empty takes the default; a good value is read as its type', () => {
    expect(() => validateSettings({})).not.toThrow();
    expect(setting('LOAD_SHED_LAG_MS', { LOAD_SHED_LAG_MS: '' })).toBe(200);
    expect(setting('LOAD_SHED_LAG_MS', { LOAD_SHED_LAG_MS: '0' })).toBe(0);
    expect(setting('PORT', {})).toBe(1337);
    expect(setting('PASSWORD_HASH_ROUNDS', {})).toBe(10);
    expect(setting('CORS_ORIGINS', { CORS_ORIGINS: 'https://a.example, https://b.example,' })).toEqual(['https://a.example', 'https://b.example']);
    expect(setting('S3_ACL', { S3_ACL: '' })).toBe('');
    expect(setting('S3_ACL', {})).toBe('public-read');
  });

  it('stops the server at start, with the variable named', async () => {
    await expect(startTestApp({ LOAD_SHED_LAG_MS: 'abc' })).rejects.toThrow('LOAD_SHED_LAG_MS must be a number of 0 or more, got "abc"');
    await expect(startTestApp({ RESPONSE_CACHE_MB: '-5' })).rejects.toThrow('RESPONSE_CACHE_MB must be a positive number, got "-5"');
  }, 300_000);
});
