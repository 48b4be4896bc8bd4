/**
 * Which posts the public may read: published, and dated today (UTC) or earlier. A post dated in the
 * future stays off the site (list, post page, GraphQL, /api/blog) until its day comes.
 */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export const visibleOnDayFilter = (now = new Date()) => ({ publishedDate: { $lte: todayUtc(now) } });

/** Set on the request by the preview service around the one public read allowed to see a draft. */
export const PREVIEW_STATE_FLAG = 'haicBlogPreview';
