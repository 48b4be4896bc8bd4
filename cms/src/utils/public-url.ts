import { trimTrailing } from '@haic/contract';
import { setting } from './settings';

/** PUBLIC_URL without its trailing slashes, or '' when the site has none configured. */
export const configuredPublicUrl = (): string => trimTrailing(setting('PUBLIC_URL'), '/');

/** A wildcard listen address names no host a browser can open: the site is then reached as localhost. */
const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The origin the site's links are written for (canonical, Open Graph, RSS, sitemaps, robots, mails, wallet
 * challenges): PUBLIC_URL when it is set, else the address the server was started on. Never a host that a
 * request names (Host, X-Forwarded-Host): a shared cache would keep a page that links to the attacker's host.
 */
export function siteOrigin(): string {
  const configured = configuredPublicUrl();
  if (/^https?:\/\//i.test(configured)) return configured;
  const host = setting('HOST');
  const name = WILDCARD_HOSTS.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${setting('PORT')}`;
}
