/** A run's page on the server: the run, embedded in the page; a run that does not exist is a 404. */
import { RUN_ID_PATTERN } from '@haic/contract';
import type { ServerData } from '../../ssr/serverData';

export const runData: ServerData = async ({ params, content, data }) => {
  const id = params.id ?? '';
  data.run = RUN_ID_PATTERN.test(id) ? await content.run(id) : null;
  if (!data.run) return { notFound: true };
};
