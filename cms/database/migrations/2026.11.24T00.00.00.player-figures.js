'use strict';
/**
 * Per-player figures, the board of players and used run tickets: creates their tables and indexes and
 * fills them from the runs already stored (steps/player-figures.ts does the work; this file runs the
 * compiled module, as Strapi runs the JavaScript of this folder before the content types sync).
 */
const path = require('path');

module.exports = {
  async up(knex, db) {
    const store = require(path.join(__dirname, '..', '..', 'dist', 'database', 'migrations', 'steps', 'player-figures.js'));
    await store.upgradeToPlayerFigures(knex, db);
  },
  async down() {
    throw new Error('The player figures migration cannot be undone');
  },
};
