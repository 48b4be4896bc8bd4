/** A run's replay, for the run page: the canvas, the engine and the renderer load as their own chunk. */
import { Suspense, lazy } from 'react';
import { Spinner } from '../../../ui/Spinner';
import type { ReplayCanvasProps } from './ReplayCanvas';

const ReplayCanvas = lazy(() => import('./ReplayCanvas'));

export function RunReplay(props: ReplayCanvasProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the replay..." />}>
      <ReplayCanvas {...props} />
    </Suspense>
  );
}
