export { BlogList, BLOG_ERROR_MESSAGE } from './BlogList';
export { BlogPostView } from './BlogPostView';
