/** "Share": a run's link through the share sheet, or copied; what happened is said beside the button for 3 s. */
import { useEffect, useState } from 'react';
import { shareLink, type ShareOutcome } from './share';
import styles from './Run.module.css';

const NOTE_MS = 3000;

/** `path` is site-relative ('/runs/…'); the link shared is absolute, on this site's origin. */
export function ShareButton({ path, title, accessibleName }: { path: string; title: string; accessibleName?: string }) {
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), NOTE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  return (
    <span className={styles.share}>
      <button type="button" className="button button-secondary" onClick={async () => setOutcome(await shareLink(url, title))} aria-label={accessibleName}>
        Share
      </button>
      <span role="status" className={styles.shareNote}>
        {outcome === 'copied' && 'Link copied'}
        {outcome === 'failed' && `Copy this link: ${url}`}
      </span>
    </span>
  );
}
