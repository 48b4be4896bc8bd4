/**
 * How the browser specs (playwright.config.ts) and the benchmarks launch Chromium: CHROMIUM_PATH or Debian's,
 * with nothing running in the background that would add its own requests or CPU time to what is measured.
 */
export const chromiumLaunchOptions = () => ({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // /dev/shm is small in containers; Chromium's shared memory goes to /tmp instead.
    '--disable-dev-shm-usage',
  ],
});
