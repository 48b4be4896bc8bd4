/**
 * A load an effect starts and its cleanup cancels: the result goes to `loaded`; a failure is logged as
 * "Could not load <what>" and goes to `failed`; a load cancelled by the cleanup is neither.
 * Returns the cleanup (it aborts the load).
 */
export function loadUntilCleanup<T>(
  what: string,
  load: (signal: AbortSignal) => Promise<T>,
  loaded: (result: T) => void,
  failed: (error: unknown) => void,
): () => void {
  const controller = new AbortController();
  load(controller.signal)
    .then(loaded)
    .catch((error) => {
      if ((error as Error).name === 'AbortError') return;
      console.error(`Could not load ${what}`, error);
      failed(error);
    });
  return () => controller.abort();
}
