/**
 * The CMS API tests' Jest environment: Node's, with Strapi loaded by Node's own `require` (see strapi.ts).
 *
 * Inside Jest's module registry every test file loads Strapi's few thousand modules again (about 4 s a
 * file, more than the app's boot); by Node's own `require` a worker loads them once, for all its files.
 * The app then runs in this (the worker's) realm, on this `process`: the test realm is handed its
 * `process.env` and `Date`, and each file's changes to the environment are put back when the file ends.
 * `kept` holds what a worker makes once for all its files (the OpenAPI description's compiled schemas).
 */
const { TestEnvironment } = require('jest-environment-node');

const kept = new Map();

class CmsTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.process.env = process.env;
    // Dates a test hands the app (to its database, say) must be the app's own: knex checks `instanceof Date`.
    this.global.Date = Date;
    this.global.__haicWorker = { require, process, kept };
  }

  async setup() {
    await super.setup();
    this.envAtStart = { ...process.env };
  }

  async teardown() {
    for (const key of Object.keys(process.env)) if (!(key in this.envAtStart)) delete process.env[key];
    Object.assign(process.env, this.envAtStart);
    await super.teardown();
  }
}

module.exports = CmsTestEnvironment;
