// npm run build: build the site and the CMS when their sources changed.
import { buildCms, buildWeb } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';

ensureInstalled();
await buildWeb();
await buildCms();
