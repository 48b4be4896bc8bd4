/**
 * What is shown beside a player's name changed (the name itself, a wallet badge): the boards are read again
 * and the runs' kept copies (the edge's on every instance, the caches in front) are dropped. Settles
 * once this instance no longer answers from them.
 */
import type { Core } from '@strapi/strapi';
import { TAGS, invalidateTags } from '../../utils/http-cache';
import { gameScores } from './game-scores';

export async function playersShownChanged(strapi: Core.Strapi): Promise<void> {
  gameScores(strapi).boards.forget();
  await invalidateTags([TAGS.runs]);
}
