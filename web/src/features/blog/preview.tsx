import { useEffect } from 'react';
import styles from './Blog.module.css';

/** The query parameter that carries an editor's signed preview token: /blog/{slug}?preview=... */
export const PREVIEW_PARAM = 'preview';

/** Tells search engines not to index the page while it shows a draft. */
export function useNoIndex(active: boolean) {
  useEffect(() => {
    // The server may have rendered the page as a preview already, tag included.
    if (!active || document.head.querySelector('meta[name="robots"][content~="noindex"]')) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, [active]);
}

/**
 * The CMS panel's preview pane frames this page and posts {type: 'strapiUpdate'} after each save:
 * reload the draft then. Only messages from this origin (the panel) count.
 */
export function usePanelUpdates(active: boolean, onUpdate: () => void) {
  useEffect(() => {
    if (!active) return;
    const listener = (event: MessageEvent) => {
      if (event.origin === window.location.origin && (event.data as { type?: unknown } | null)?.type === 'strapiUpdate') onUpdate();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [active, onUpdate]);
}

/** The scheduled time in the reader's own time zone, named: 'Dec 1, 2026, 9:30 AM UTC'. */
const formatSchedule = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** Marks a draft shown through a preview link, so nobody mistakes it for the published page. */
export function PreviewBanner({ publishAt }: { publishAt: string | null }) {
  return (
    <div className={styles.previewBanner} role="note" aria-label="Preview">
      <strong>Preview — not published</strong>
      <span>
        {publishAt ? `Scheduled to publish ${formatSchedule(publishAt)}.` : 'Only people with this link can see this draft.'} The link works for one hour.
      </span>
    </div>
  );
}
