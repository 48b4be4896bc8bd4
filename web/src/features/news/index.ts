export { NewsList, NEWS_FALLBACK_NOTE } from './NewsList';
