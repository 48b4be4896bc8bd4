import { startTestApp } from './helpers/strapi';
it('boots', async () => {
  const t = Date.now();
  const app = await startTestApp();
  const booted = Date.now();
  await app.stop();
  console.log(`boot ${booted - t} ms, stop ${Date.now() - booted} ms`);
  const t2 = Date.now();
  const app2 = await startTestApp();
  const booted2 = Date.now();
  await app2.stop();
  console.log(`boot2 ${booted2 - t2} ms, stop ${Date.now() - booted2} ms`);
}, 120_000);
