export { BlogList, BLOG_ERROR_MESSAGE } from './BlogList';
export { BlogPostView } from './BlogPostView';
export { PREVIEW_PARAM } from './preview';
