/**
 * The wallet API's services, typed: how its controller and other APIs reach them.
 *
 *   links    services/wallet.ts   challenges, links, visibility, unlinking
 *   holders  services/holders.ts  the HAIC holder check, off the request path
 */
import type { Core } from '@strapi/strapi';
import { TAGS, invalidateTags } from '../../utils/http-cache';
import { gameScores } from '../game-score/game-scores';
import type { HoldersService } from './services/holders';
import type { WalletService } from './services/wallet';

export const wallets = (strapi: Core.Strapi) => ({
  links: strapi.service('api::wallet.wallet') as WalletService,
  holders: strapi.service('api::wallet.holders') as HoldersService,
});

/**
 * What a player's badges show changed (a link, its visibility, the holder flag): the boards are read again
 * and the runs' kept copies (the edge's on every instance, the caches in front) are dropped. Settles
 * once this instance no longer answers from them.
 */
export async function walletBadgesChanged(strapi: Core.Strapi): Promise<void> {
  gameScores(strapi).boards.forget();
  await invalidateTags([TAGS.runs]);
}
