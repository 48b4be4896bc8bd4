/** The panel before a game: what to do, and Start Game (it says it cannot act until the page is interactive). */
import { useInertBeforeHydration } from '../../../lib/hydration';
import styles from './WelcomePanel.module.css';

export function WelcomePanel({ onStart }: { onStart: () => void }) {
  const inert = useInertBeforeHydration();
  return (
    <div className={`card ${styles.welcome}`}>
      <div>
        <h2>Welcome, Nurse!</h2>
        <p>
          Viruses are loose in the hospital and your patients need you. Run, jump and dodge through 10 levels to reach every patient, then help them to safety.
        </p>
        <ul className={styles.instructions}>
          <li>
            <kbd>←</kbd> <kbd>→</kbd> or <kbd>A</kbd> <kbd>D</kbd> to move
          </li>
          <li>
            <kbd>Space</kbd>, <kbd>↑</kbd> or <kbd>W</kbd> to jump
          </li>
          <li>On a touch screen, use the on-screen buttons</li>
          <li>Collect coins: 10 points each, and every 50 coins gives an extra life (up to 3)</li>
          <li>Avoid the viruses: a touch costs a life</li>
          <li>Reach the patient to finish the level</li>
        </ul>
        {/* Until the browser has taken the page over, a click would do nothing: the button says so. */}
        <button type="button" className={`button button-primary ${styles.startButton}`} onClick={onStart} {...inert}>
          Start Game
        </button>
      </div>
    </div>
  );
}
