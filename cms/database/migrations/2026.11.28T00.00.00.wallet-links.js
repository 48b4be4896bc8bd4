'use strict';
/**
 * XRPL wallet links: the links and the accounts' live challenges, with their indexes
 * (src/api/wallet/wallet-store.ts, upgradeToWalletLinks, does the work; this file runs the compiled module,
 * as Strapi runs migrations from this folder before the content types sync).
 */
const path = require('path');

module.exports = {
  async up(knex) {
    const store = require(path.join(__dirname, '..', '..', 'dist', 'src', 'api', 'wallet', 'wallet-store.js'));
    await store.upgradeToWalletLinks(knex);
  },
  async down() {
    throw new Error('The wallet links migration cannot be undone');
  },
};
