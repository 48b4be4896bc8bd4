import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

// `npm test` picks a free port and the Chromium to use; these defaults serve a direct `npx playwright test`.
const port = Number(process.env.E2E_PORT || 1437);
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = { ...devices['Desktop Chrome'], channel: undefined };
const STARTS_FIRST = /@seeded-blog|@scheduled/;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: true,
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  // The scheduled-publishing test mostly waits, one to two minutes, for its time to come: it starts first, and
  // the other specs run beside it. Its post goes out dated today, ahead of the seeded newest post, so the specs
  // that read the seeded posts' order start with it (the workers take the projects' tests in this order); they
  // are done well before its time, at least a minute after it is scheduled.
  projects: [
    { name: 'first', grep: STARTS_FIRST, use: chromium },
    { name: 'chromium', grepInvert: STARTS_FIRST, use: chromium },
  ],
  webServer: {
    // The built site served by the CMS the way `npm start` serves it, on a throw-away database.
    command: 'node e2e/server.mjs',
    url: `${baseURL}/_health`,
    timeout: 180_000,
    // `npm test` starts it beside the API tests and runs these once it answers (scripts/test.mjs).
    reuseExistingServer: process.env.E2E_SERVER_STARTED === 'true',
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
