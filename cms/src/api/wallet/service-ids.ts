/**
 * Where Strapi keeps the wallet API's services: read by wallets.ts (the typed accessor the controller and
 * other APIs use) and by the services that reach their siblings, so that no service imports the accessor.
 */
export const WALLET_SERVICE_IDS = { links: 'api::wallet.wallet', holders: 'api::wallet.holders' } as const;
