import path from 'path';
import type { Core } from '@strapi/strapi';

export const CMS_DIR = path.resolve(__dirname, '..', '..', 'cms');

/** Loads the built CMS (no HTTP server, no cron) so that scripts can use its services. */
export async function loadStrapi(): Promise<Core.Strapi> {
  // Strapi reads cms/.env when its module is first loaded, and resolves paths from the working directory.
  process.env.ENV_PATH = process.env.ENV_PATH || path.join(CMS_DIR, '.env');
  process.env.CRON_ENABLED = 'false';
  process.chdir(CMS_DIR);
  const { createStrapi } = await import('@strapi/strapi');
  const app = createStrapi({ appDir: CMS_DIR, distDir: path.join(CMS_DIR, 'dist') });
  app.log.level = 'warn';
  return app.load();
}
