export { NewsList, NEWS_FALLBACK_NOTE } from './NewsList';
// Server render only (the router imports it in the server build).
export { newsData } from './serverData';
