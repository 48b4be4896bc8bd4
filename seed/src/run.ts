// `npm run seed`: load the sample content into the configured database. Safe to run again.
import { seedAll } from './index';
import { loadStrapi } from './strapi';

async function main() {
  const strapi = await loadStrapi();
  try {
    const reports = await seedAll(strapi);
    for (const { name, created } of reports) console.log(`[seed] ${name}: ${created} created`);
    console.log('[seed] done');
  } finally {
    await strapi.destroy();
  }
}

main().catch((error) => {
  console.error('[seed] failed:', error);
  process.exit(1);
});
