// npm run seed: load the sample content into the configured database (safe to repeat).
import { buildCms, ensureEnvFile, ensureInstalled, runSeed } from './lib.mjs';

ensureInstalled();
ensureEnvFile();
await buildCms();
await runSeed();
