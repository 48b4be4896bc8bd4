export { BlogList, BLOG_ERROR_MESSAGE } from './BlogList';
export { BlogPostView } from './BlogPostView';
export { PREVIEW_PARAM } from './preview';
// Server render only (the router imports it in the server build).
export { blogListData, blogPostData } from './serverData';
