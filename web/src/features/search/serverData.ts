/** The search page on the server: the first page of results for the search its address names, embedded in the page. */
import { SEARCH_PAGE_SIZE, searchQueryProblem } from '@haic/contract';
import type { ServerData } from '../../ssr/serverData';
import { readSearchAddress, searchKey } from './address';

export const searchData: ServerData = async ({ query, content, data }) => {
  const address = readSearchAddress(query);
  if (searchQueryProblem(address.q)) return;
  data.search = { key: searchKey(address), response: await content.search({ ...address, pageSize: SEARCH_PAGE_SIZE }) };
};
