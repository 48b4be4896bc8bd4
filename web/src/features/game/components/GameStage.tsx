import { forwardRef, type ReactNode } from 'react';
import styles from './GameStage.module.css';

interface GameStageProps {
  /** The canvas's accessible name. */
  label: string;
  testId: string;
  /** More rules for the frame (full screen resizes it). */
  className?: string;
  /** More rules for the canvas (the playable one takes touches for itself). */
  canvasClassName?: string;
  /** Drawn over the canvas (the game's panels). */
  children?: ReactNode;
}

const withClass = (own: string, more?: string) => (more ? `${own} ${more}` : own);

/** The game's frame: its 800 x 400 canvas, scaled to the width it is given, on the game page and in a replay. */
export const GameStage = forwardRef<HTMLCanvasElement, GameStageProps>(function GameStage({ label, testId, className, canvasClassName, children }, ref) {
  return (
    <div className={withClass(styles.stage, className)}>
      <canvas ref={ref} className={withClass(styles.canvas, canvasClassName)} role="img" aria-label={label} data-testid={testId} />
      {children}
    </div>
  );
});
