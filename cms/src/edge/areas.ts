/**
 * The areas of the site's paths, named once: each is the first segment of its paths. Whatever is in no area
 * is the site's (its pages and its built files). The edge, the cache policy, the site's middleware and the
 * request log all ask here which area a path is in, so that a new area is one line.
 */

/** The REST API and GraphQL: answered by the middleware chain, private unless a public read says otherwise. */
const API = ['api', 'graphql'];
/** The panel's pages and files (Strapi's admin build). */
const PANEL = 'cms';
/** The panel's own API (and the editors' sign-in). */
const PANEL_API = 'admin';
/** The APIs of the panel's plugins, each mounted by Strapi under its own segment. */
const PANEL_PLUGINS = ['content-manager', 'content-type-builder', 'upload', 'users-permissions', 'i18n', 'email', 'review-workflows', 'content-releases'];
/** Uploaded media. */
const UPLOADS = 'uploads';
/** Liveness and readiness. */
const PROBES = ['_health', '_ready'];
/** The Prometheus scrape (METRICS_TOKEN). */
const METRICS = 'metrics';
/** The site's hashed build files. */
const ASSETS = 'assets';

/** The first segment of a path, lower case ('' for '/'). */
export function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

const segmentIn = (areas: ReadonlySet<string>) => (path: string) => areas.has(firstSegment(path));

/** Areas the chain answers whatever a path in them looks like: never a page, never a copy the edge names as one. */
export const CHAIN_AREAS: ReadonlySet<string> = new Set([...API, PANEL, PANEL_API, UPLOADS, ...PROBES, METRICS]);
export const isChainArea = segmentIn(CHAIN_AREAS);

/** Areas whose answers are private (`private, no-store`) unless a public read of the http-cache middleware says otherwise. */
export const isPrivateArea = segmentIn(new Set([...API, PANEL_API, ...PANEL_PLUGINS]));

/**
 * Areas the site's middleware hands to Strapi whatever the Accept header: the rest of the chain's areas (the
 * panel's API, /metrics) are Strapi's for the panel's fetches, and a browser that navigates there gets the site's 404 page.
 */
export const isStrapiArea = segmentIn(new Set([...API, PANEL, UPLOADS, ...PROBES]));

export const isUploadsPath = segmentIn(new Set([UPLOADS]));

/** The panel's pages and its API, as paths (robots.txt asks crawlers to leave them alone). */
export const PANEL_PATHS = [`/${PANEL}`, `/${PANEL_API}`];

const PANEL_LABELLED = new Set([PANEL, PANEL_API, ...PANEL_PLUGINS]);
const EXACT_LABELS = new Set(['/_health', '/_ready', `/${METRICS}`, '/graphql']);

/**
 * The metrics' and the log's route label of a path no route pattern matched: a bounded set (the probes,
 * /metrics and /graphql as they are, the built assets, uploads, the panel, the API, else the site).
 */
export function areaLabel(path: string): string {
  if (EXACT_LABELS.has(path)) return path;
  const segment = firstSegment(path);
  if (segment === ASSETS && path.length > ASSETS.length + 1) return `/${ASSETS}/*`;
  if (segment === UPLOADS && path.length > UPLOADS.length + 1) return `/${UPLOADS}/*`;
  if (PANEL_LABELLED.has(segment)) return 'panel';
  if (segment === 'api' && path.length > 4) return '/api/*';
  return 'site';
}
