/** Site search: the search page and the header's search box. */
export { SearchView } from './SearchView';
export { HeaderSearch } from './HeaderSearch';
// Server render only (the router imports it in the server build).
export { searchData } from './serverData';
