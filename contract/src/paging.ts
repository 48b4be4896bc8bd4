/** The lists the API pages: how many items the site asks for at a time, and the most one page may hold. */
export const BLOG_PAGE_SIZE = 10;
export const BLOG_MAX_PAGE_SIZE = 50;
export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_MAX_PAGE_SIZE = 50;
