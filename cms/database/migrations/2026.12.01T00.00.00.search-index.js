'use strict';
/**
 * Site search: makes the search index (SQLite FTS5, or PostgreSQL's tsvector table) and its triggers on a
 * database that has content, and fills it from every published post, active news item and player on the
 * board already stored. A new database gets it at start-up, once its tables exist
 * (src/api/search/search-index.ts does the work; this file runs the compiled module, as Strapi runs
 * migrations from this folder before the content types sync).
 */
const path = require('path');

module.exports = {
  async up(knex, db) {
    const index = require(path.join(__dirname, '..', '..', 'dist', 'src', 'api', 'search', 'search-index.js'));
    await index.ensureSearchIndex(knex, (message) => db.logger?.info?.(message));
  },
  async down() {
    throw new Error('The search index migration cannot be undone');
  },
};
