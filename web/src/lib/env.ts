// The only module that reads Vite's build-time environment (Jest maps it to src/test/env.ts).
import { trimTrailing } from '@haic/contract';

/** Where the API lives, without a trailing slash ('' is this origin). */
export const API_BASE: string = trimTrailing(import.meta.env.VITE_API_BASE ?? '', '/');
export const TELEGRAM_BOT_NAME: string = import.meta.env.VITE_TELEGRAM_BOT_NAME ?? 'HAICLinkBot';
/** True in the server renderer's build (code only the browser runs is left out of it). */
export const SERVER_BUILD: boolean = import.meta.env.SSR;
