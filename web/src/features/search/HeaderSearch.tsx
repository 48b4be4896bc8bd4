import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SEARCH_QUERY_MAX } from '@haic/contract';
import { useHydrated } from '../../lib/hydration';
import { searchPath } from './address';
import { ResultLink, RESULT_TYPE_LABELS } from './ResultLink';
import { resultCount } from './count';
import { Snippet, snippetText } from './Snippet';
import { useResultsAsYouType } from './useResultsAsYouType';
import styles from './HeaderSearch.module.css';

/** Where the header has room for its search box and the results under it (the header's own breakpoint). */
const DESKTOP = '(min-width: 901px)';
const POPUP_ID = 'site-search-results';

/** Whether `/` is being typed into something (a field, an editable area) rather than pressed on the page. */
const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function useDesktop(): boolean {
  const hydrated = useHydrated();
  const [desktop, setDesktop] = useState(false);
  useEffect(() => {
    if (!hydrated || typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DESKTOP);
    setDesktop(media.matches);
    const changed = () => setDesktop(media.matches);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, [hydrated]);
  return desktop;
}

function SearchIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={className}>
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's search: a box (folded to its icon until it is used, so the menu keeps its room) (a plain GET form to /search until the scripts arrive) that `/` focuses
 * anywhere on the page, with the first results under it as one types on a desktop; on a phone, a link to
 * the search page. Enter opens the search page for the text.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const desktop = useDesktop();
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const live = useResultsAsYouType(text, desktop && open);

  useEffect(() => {
    const focusSearch = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typingInto(event.target)) return;
      // A phone's header shows a link instead of the box.
      if (!input.current || !form.current || getComputedStyle(form.current).display === 'none') return;
      event.preventDefault();
      input.current.focus();
      input.current.select();
    };
    document.addEventListener('keydown', focusSearch);
    return () => document.removeEventListener('keydown', focusSearch);
  }, []);

  // A navigation closes the results.
  useEffect(() => setOpen(false), [pathname, search]);

  const links = () => [...(form.current?.querySelectorAll<HTMLAnchorElement>(`#${POPUP_ID} a`) ?? [])];
  const move = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      input.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    if (!all.length) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? Math.min(all.length - 1, at + 1) : at - 1;
    if (next < 0) input.current?.focus();
    else all[next].focus();
  };

  const shown = open && live.status !== 'idle';
  return (
    <>
      <form
        ref={form}
        role="search"
        action="/search"
        method="get"
        className={styles.headerSearch}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(false);
          navigate(searchPath({ q: text.trim() }));
        }}
        onKeyDown={move}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <label htmlFor="site-search" className="visually-hidden">
          Search the site
        </label>
        <input
          ref={input}
          id="site-search"
          name="q"
          type="search"
          placeholder="Search posts, news and players"
          title="Search (press /)"
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX}
          aria-keyshortcuts="/"
          aria-controls={POPUP_ID}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          className={styles.headerInput}
        />
        <SearchIcon className={styles.boxIcon} />
        <div id={POPUP_ID} className={styles.popup} hidden={!shown} role="region" aria-label="Search results">
          {live.status === 'loading' && <p className={styles.popupNote}>Searching...</p>}
          {live.status === 'error' && <p className={styles.popupNote}>Search is not available right now.</p>}
          {live.status === 'done' && (
            <>
              {live.response.results.length === 0 && <p className={styles.popupNote}>Nothing matches {`“${live.q}”`}.</p>}
              <ul className={styles.popupList}>
                {live.response.results.map((result) => (
                  <li key={`${result.type} ${result.url}`}>
                    <ResultLink result={result} className={styles.popupLink} onChoose={() => setOpen(false)}>
                      <span className={styles.popupType}>{RESULT_TYPE_LABELS[result.type]}</span>
                      <span className={styles.popupTitle}>{result.title}</span>
                      {snippetText(result.snippet) !== result.title && (
                        <span className={styles.popupSnippet}>
                          <Snippet snippet={result.snippet} />
                        </span>
                      )}
                    </ResultLink>
                  </li>
                ))}
              </ul>
              <Link to={searchPath({ q: live.q })} className={styles.popupAll} onClick={() => setOpen(false)}>
                {live.response.total ? `See all ${resultCount(live.response.total)}` : 'Search tips'}
              </Link>
            </>
          )}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {shown && live.status === 'done' ? `${resultCount(live.response.total)} for ${live.q}` : ''}
        </p>
      </form>
      <span className={styles.phoneSearch}>
        <Link to="/search" className={styles.searchLink} aria-label="Search">
          <SearchIcon />
        </Link>
      </span>
    </>
  );
}
