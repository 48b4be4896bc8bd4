/**
 * The wallet API's services, typed: how its controller and other APIs reach them.
 *
 *   links    services/wallet.ts   challenges, links, visibility, unlinking
 *   holders  services/holders.ts  the HAIC holder check, off the request path
 */
import type { Core } from '@strapi/strapi';
import { WALLET_SERVICE_IDS } from './service-ids';
import type { HoldersService } from './services/holders';
import type { WalletService } from './services/wallet';

export const wallets = (strapi: Core.Strapi) => ({
  links: strapi.service(WALLET_SERVICE_IDS.links) as WalletService,
  holders: strapi.service(WALLET_SERVICE_IDS.holders) as HoldersService,
});
