/** "Share": a run's link through the share sheet, or copied; what happened is said beside the button for 3 s. */
import { useEffect, useState } from 'react';
import { shareLink, type ShareOutcome } from './share';
import styles from './Run.module.css';

const NOTE_MS = 3000;

/** `path` is site-relative ('/runs/…'); the link shared is absolute, on this site's origin. */
interface ShareButtonProps {
  path: string;
  title: string;
  /** Required with `compact`: the icon has no text. */
  accessibleName?: string;
  /** An icon button (inside a table cell) instead of the word. */
  compact?: boolean;
}

export function ShareButton({ path, title, accessibleName, compact = false }: ShareButtonProps) {
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), NOTE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  return (
    <span className={styles.share}>
      <button
        type="button"
        className={compact ? `icon-button ${styles.shareIcon}` : 'button button-secondary'}
        onClick={async () => setOutcome(await shareLink(url, title))}
        aria-label={accessibleName}
      >
        {compact ? (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z"
              fill="currentColor"
            />
          </svg>
        ) : (
          'Share'
        )}
      </button>
      <span role="status" className={styles.shareNote}>
        {outcome === 'copied' && 'Link copied'}
        {outcome === 'failed' && `Copy this link: ${url}`}
      </span>
    </span>
  );
}
