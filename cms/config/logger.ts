import { winston } from '@strapi/logger';
import { setting } from '../src/utils/settings';

/**
 * LOG_FORMAT=json: one JSON object per line (time, level, message and the line's fields), for a log
 * collector to query. LOG_FORMAT=pretty: Strapi's readable lines. The default follows where the output
 * goes: a terminal gets pretty lines (a developer reading `npm start`), anything else JSON (containers,
 * services, files), so production needs no setting.
 */
export default () => {
  const format = setting('LOG_FORMAT') ?? (process.stdout.isTTY ? 'pretty' : 'json');
  return format === 'json'
    ? { format: winston.format.combine(winston.format.timestamp(), winston.format.errors({ stack: false }), winston.format.json()) }
    : {};
};
