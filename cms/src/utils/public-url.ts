import { trimTrailing } from '@haic/contract';

/** PUBLIC_URL without its trailing slashes, or '' when the site has none configured. */
export const configuredPublicUrl = (): string => trimTrailing(process.env.PUBLIC_URL || '', '/');
