'use strict';
/**
 * Used run tickets name the run they verified (score_id), so an account's deletion removes its tickets
 * with its runs (src/api/game-score/figures-store.ts, upgradeRunTicketsToRuns, does the work).
 */
const path = require('path');

module.exports = {
  async up(knex) {
    const store = require(path.join(__dirname, '..', '..', 'dist', 'src', 'api', 'game-score', 'figures-store.js'));
    await store.upgradeRunTicketsToRuns(knex);
  },
  async down() {
    throw new Error('The run ticket runs migration cannot be undone');
  },
};
