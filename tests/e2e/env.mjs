// Settings of the CMS that the browser tests run against; the tests import the same values.
export const E2E_ADMIN = { username: 'e2eadmin', password: 'E2eAdminPass1!' };
export const E2E_EDITOR = { email: 'editor@example.com', password: 'EditorPass123!', firstname: 'Eddie', lastname: 'Editor' };
export const E2E_LINKING_CODE_TTL_SECONDS = 5;
export const E2E_TELEGRAM_BOT = 'HAICTestBot';
export const E2E_PREVIEW_SECRET = 'e2e-preview-secret-0123456789abcdef';
// Scheduled posts are published within seconds of their time, not within the minute.
export const E2E_PUBLISH_SCHEDULE_CRON = '*/5 * * * * *';

// Where tests/e2e/server.mjs records its run (the SQLite file), for fixtures that seed data no API writes.
export const e2eStateFile = (port = process.env.E2E_PORT || '1437') => `${process.env.TMPDIR || '/tmp'}/haic-e2e-state-${port}.json`;
