/** Stored runs: GET /api/runs/{id} (public), read by the run page and by a race against a run. */
import { RUN_ID_PATTERN, type PublicRun } from '@haic/contract';
import { ApiError, api } from '../../../lib/api';

export type { PublicRun };

/** A run's page. */
export const runPath = (id: string) => `/runs/${id}`;

/** The run, or null when there is no such run (a malformed id is none either). Other failures throw. */
export async function fetchRun(id: string, signal?: AbortSignal): Promise<PublicRun | null> {
  if (!RUN_ID_PATTERN.test(id)) return null;
  try {
    return await api.get<PublicRun>(`/api/runs/${id}`, signal);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
