// npm run seed: load the sample content into the configured database (safe to repeat).
import { buildCms, runSeed } from './lib/build.mjs';
import { ensureEnvFile } from './lib/env-file.mjs';
import { ensureInstalled } from './lib/install.mjs';

ensureInstalled();
ensureEnvFile();
await buildCms();
await runSeed();
