/**
 * One number that changes whenever published content changes (blog posts, news items, files).
 * Every content cache (the blog list, the news list, server-rendered pages) is keyed by it, so an
 * edit in the panel shows at once. Lifecycles call bumpContentVersion (bootstrap/content.ts).
 * Kept in memory; a cluster shares it through the database (cms/src/utils/cluster.ts).
 */
let version = 0;

export function currentContentVersion(): Promise<number> | number {
  return version;
}

export function bumpContentVersion(): void {
  version += 1;
}
