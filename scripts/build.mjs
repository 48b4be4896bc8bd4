// npm run build: build the site and the CMS when their sources changed.
import { buildCms, buildWeb, ensureInstalled } from './lib.mjs';

ensureInstalled();
await buildWeb();
await buildCms();
