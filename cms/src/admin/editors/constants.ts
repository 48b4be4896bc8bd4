export const BLOG_POSTS = 'api::blog-post.blog-post';
export const CONTACT_MESSAGES = 'api::contact-message.contact-message';

/** Unread: the flag is off, or unset on messages stored before the flag existed. */
export const UNREAD_FILTER_QUERY = 'filters[$or][0][read][$eq]=false&filters[$or][1][read][$null]=true&page=1';
