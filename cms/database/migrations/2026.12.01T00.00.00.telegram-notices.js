'use strict';
/**
 * The bot's notices to players: the outbox, the players' switch and hourly rule, and each season's
 * last seen top 10 (src/api/telegram/notices-store.ts, createNoticeTables, does the work).
 */
const path = require('path');

module.exports = {
  async up(knex) {
    const store = require(path.join(__dirname, '..', '..', 'dist', 'src', 'api', 'telegram', 'notices-store.js'));
    await store.createNoticeTables(knex);
  },
  async down() {
    throw new Error('The Telegram notices migration cannot be undone');
  },
};
