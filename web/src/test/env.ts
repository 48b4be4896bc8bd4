// Jest stand-in for lib/env.ts, which reads Vite's import.meta.env.
export const API_BASE = '';
export const TELEGRAM_BOT_NAME = 'HAICLinkBot';
export const SERVER_BUILD = false;
