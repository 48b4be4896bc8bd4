import path from 'path';
import type { Core } from '@strapi/strapi';

export const CMS_DIR = path.resolve(__dirname, '..', '..', 'cms');

/** The built CMS as a Strapi instance, not loaded yet (cms/.env is read, paths resolve from cms/). */
export function createApp(): Core.Strapi {
  // Strapi reads cms/.env when its module is first loaded, and resolves paths from the working directory.
  process.env.ENV_PATH = process.env.ENV_PATH || path.join(CMS_DIR, '.env');
  process.chdir(CMS_DIR);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after ENV_PATH is set: Strapi reads cms/.env when its module first loads
  const { createStrapi } = require('@strapi/strapi') as typeof import('@strapi/strapi');
  return createStrapi({ appDir: CMS_DIR, distDir: path.join(CMS_DIR, 'dist') });
}

/** Loads the built CMS (no HTTP server, no cron) so that scripts can use its services. */
export async function loadStrapi(): Promise<Core.Strapi> {
  process.env.CRON_ENABLED = 'false';
  const app = createApp();
  app.log.level = 'warn';
  return app.load();
}
