import { trimTrailing } from '@haic/contract';
import { setting } from './settings';

/** PUBLIC_URL without its trailing slashes, or '' when the site has none configured. */
export const configuredPublicUrl = (): string => trimTrailing(setting('PUBLIC_URL'), '/');

/** The origin the site's links are written for: PUBLIC_URL when it is set, else the one the request came to. */
export const publicOrigin = (ctx: { origin: string }): string => {
  const configured = configuredPublicUrl();
  return /^https?:\/\//i.test(configured) ? configured : ctx.origin;
};
