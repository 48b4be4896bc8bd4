/**
 * The indexes every growing query reads through, created at start-up once Strapi has synced its
 * tables (its migrations run before the sync, when a fresh database has no tables yet). Idempotent
 * (`if not exists`), run by one instance at a time, the same SQL on SQLite and PostgreSQL.
 *
 * The queries they serve: a player's game history, newest first; a guest wallet's runs; sign-in and
 * registration by username or email in any case; the contact messages an account sent (its data export); the Telegram link by chat id and by code; the news
 * digest (active items, newest first) and the aggregator's "already stored?" check by link; the blog
 * list, sitemap and feed (published posts by date), a post by slug, and the publishing schedule.
 * The leaderboard, "my rank" and the stats read the per-player tables of api/game-score/figures-store, whose
 * indexes their migration makes.
 */
import type { Core } from '@strapi/strapi';
import { runsModel } from '../api/game-score/figures-store';
import { runExclusive } from '../utils/cluster';

interface IndexSpec {
  name: string;
  table: string;
  /** The indexed columns or expressions, as SQL. */
  columns: string;
  /** Partial index: only the rows the query can match. */
  where?: string;
  /**
   * Unique when the rows already are: a database from before this rule may hold two accounts whose
   * names differ only in case. Those keep working (a plain index is built instead, and a warning
   * names the duplicates for an operator to resolve); the unique index follows on the first start
   * after they are gone.
   */
  uniqueWhenClean?: boolean;
}

export const INDEXES: readonly IndexSpec[] = [
  { name: 'haic_game_scores_history', table: 'game_scores', columns: 'player_key, played_date desc, id desc' },
  { name: 'haic_game_scores_guest_wallet', table: 'game_scores', columns: 'guest_wallet', where: 'guest_wallet is not null' },
  { name: 'haic_up_users_username_lower', table: 'up_users', columns: 'lower(username)', uniqueWhenClean: true },
  { name: 'haic_up_users_email_lower', table: 'up_users', columns: 'lower(email)', uniqueWhenClean: true },
  { name: 'haic_up_users_username', table: 'up_users', columns: 'username' },
  { name: 'haic_up_users_telegram_id', table: 'up_users', columns: 'telegram_id', where: 'telegram_id is not null' },
  { name: 'haic_linking_codes_code', table: 'linking_codes', columns: 'code' },
  { name: 'haic_contact_messages_sender', table: 'contact_messages', columns: 'sender_account_id, id', where: 'sender_account_id is not null' },
  { name: 'haic_news_items_active', table: 'news_items', columns: 'is_active, published_date desc, id desc' },
  { name: 'haic_news_items_url', table: 'news_items', columns: 'url' },
  { name: 'haic_blog_posts_published', table: 'blog_posts', columns: 'published_date desc, created_at desc, document_id', where: 'published_at is not null' },
  { name: 'haic_blog_posts_updated', table: 'blog_posts', columns: 'updated_at', where: 'published_at is not null' },
  { name: 'haic_blog_posts_slug', table: 'blog_posts', columns: 'slug' },
  { name: 'haic_blog_posts_publish_at', table: 'blog_posts', columns: 'publish_at', where: 'publish_at is not null' },
];

/** The suffix of the plain index built while duplicate rows keep a unique one from being built. */
const NOT_YET_UNIQUE = '_not_unique';

async function duplicatesOf(strapi: Core.Strapi, spec: IndexSpec): Promise<string[]> {
  const rows = await strapi.db.connection.raw(`select ${spec.columns} as value from ${spec.table} group by ${spec.columns} having count(*) > 1 limit 10`);
  // knex.raw answers SQLite's rows as an array, PostgreSQL's as a result holding them.
  const list: Array<{ value: unknown }> = Array.isArray(rows) ? rows : rows.rows;
  return list.map((row) => String(row.value));
}

async function createIndex(strapi: Core.Strapi, spec: IndexSpec): Promise<void> {
  const knex = strapi.db.connection;
  const where = spec.where ? ` where ${spec.where}` : '';
  if (!spec.uniqueWhenClean) {
    await knex.raw(`create index if not exists ${spec.name} on ${spec.table} (${spec.columns})${where}`);
    return;
  }
  const duplicates = await duplicatesOf(strapi, spec);
  if (duplicates.length) {
    strapi.log.warn(
      // How many, never which: the values are usernames and emails (private logs). The query finds them.
      JSON.stringify({
        event: 'unique_index_deferred',
        index: spec.name,
        table: spec.table,
        columns: spec.columns,
        duplicates: duplicates.length,
        find: `select ${spec.columns}, count(*) from ${spec.table} group by ${spec.columns} having count(*) > 1`,
      }),
    );
    await knex.raw(`create index if not exists ${spec.name}${NOT_YET_UNIQUE} on ${spec.table} (${spec.columns})${where}`);
    return;
  }
  await knex.raw(`create unique index if not exists ${spec.name} on ${spec.table} (${spec.columns})${where}`);
  await knex.raw(`drop index if exists ${spec.name}${NOT_YET_UNIQUE}`);
}

/**
 * Runs from before the player_key column get theirs: 'u:<user id>' through the user link, else 'g:<wallet>'.
 * Run at start-up once Strapi has synced the column, before the history index is built.
 */
async function fillPlayerKeys(db: Core.Strapi['db']): Promise<void> {
  const { table, userLink: link } = runsModel(db);
  await db.connection.raw(
    `update ${table} set player_key = coalesce(
       (select 'u:' || l.${link.userColumn} from ${link.table} l where l.${link.runColumn} = ${table}.id),
       'g:' || ${table}.guest_wallet)
     where player_key is null`,
  );
}

export default async function bootstrapIndexes(strapi: Core.Strapi): Promise<void> {
  await runExclusive(
    'indexes',
    async () => {
      await fillPlayerKeys(strapi.db);
      for (const spec of INDEXES) await createIndex(strapi, spec);
    },
    { wait: true },
  );
}
