/** The news page on the server: the list /api/news/aggregate answers, embedded in the page. */
import type { ServerData } from '../../ssr/serverData';

export const newsData: ServerData = async ({ content, data }) => {
  data.news = await content.news();
};
