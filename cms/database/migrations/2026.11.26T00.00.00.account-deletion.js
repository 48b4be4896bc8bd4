'use strict';
/**
 * For an account's deletion: used run tickets name the run they verified (score_id, indexed), so they go
 * with the account's runs, and a player's bests are found by player (steps/player-figures.ts,
 * upgradeForAccountDeletion, does the work).
 */
const path = require('path');

module.exports = {
  async up(knex) {
    const store = require(path.join(__dirname, '..', '..', 'dist', 'database', 'migrations', 'steps', 'player-figures.js'));
    await store.upgradeForAccountDeletion(knex);
  },
  async down() {
    throw new Error('The account deletion migration cannot be undone');
  },
};
