import type { Core } from '@strapi/strapi';
import { loadGameLevels, levelsPath } from '../utils/game-levels';

/**
 * Start-up work for the game area (idempotent: runs on every boot): load the level data the score
 * validation needs, so a missing or broken levels.json stops the server at once instead of
 * refusing scores later.
 */
export default async function bootstrapGame(strapi: Core.Strapi): Promise<void> {
  const levels = loadGameLevels(strapi);
  strapi.log.debug(`Nurse Help Me: ${levels.count} levels from ${levelsPath(strapi)}`);
}
