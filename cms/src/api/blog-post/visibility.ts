/**
 * Which posts the public may read: published, and dated today (UTC) or earlier. A post dated in the
 * future stays off the site (list, post page, GraphQL, /api/blog) until its day comes.
 */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export const visibleOnDayFilter = (now = new Date()) => ({ publishedDate: { $lte: todayUtc(now) } });

/** Set on the request around the one public read allowed to see a draft (a verified preview link). */
export const PREVIEW_STATE_FLAG = 'haicBlogPreview';

/**
 * Runs `read` with draft access in the current request: public requests otherwise read published,
 * dated posts only (bootstrap/editors.ts). Call it only after a preview token was verified.
 */
export async function withDraftAccess<T>(strapi: { requestContext: { get(): unknown } }, read: () => Promise<T>): Promise<T> {
  const request = strapi.requestContext.get() as { state?: Record<string, unknown> } | undefined;
  if (request?.state) request.state[PREVIEW_STATE_FLAG] = true;
  try {
    return await read();
  } finally {
    if (request?.state) delete request.state[PREVIEW_STATE_FLAG];
  }
}
