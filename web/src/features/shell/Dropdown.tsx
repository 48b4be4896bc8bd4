import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated, useInertBeforeHydration } from '../../lib/hydration';
import shell from './Shell.module.css';
import styles from './Dropdown.module.css';

const DROPDOWN_CLOSE_DELAY_MS = 200;

interface Props {
  label: ReactNode;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
  testId?: string;
}

/**
 * Opens on hover, toggles on click, and closes 200 ms after the pointer leaves (a click that
 * follows the hover which opened it keeps it open rather than closing it at once).
 * Keyboard: Enter/Space toggles, Escape closes and returns focus, focus leaving closes.
 * Before the scripts arrive, hovering or focusing it shows the menu (CSS), so its links are reachable,
 * and the toggle says it cannot act yet (aria-disabled) rather than swallowing a click.
 */
export function Dropdown({ label, children, align = 'left', testId }: Props) {
  const [open, setOpen] = useState(false);
  // A mouse click lands right after the hover that opened the menu: that click keeps it open.
  const openedByHover = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const hydrated = useHydrated();
  const inert = useInertBeforeHydration();

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const close = () => {
    cancelClose();
    setOpen(false);
  };

  useEffect(() => cancelClose, []);

  return (
    <div
      ref={root}
      className={hydrated ? styles.dropdown : `${styles.dropdown} ${styles.beforeScripts}`}
      data-testid={testId}
      onMouseEnter={() => {
        cancelClose();
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        cancelClose();
        closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          close();
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={shell.dropdownToggle}
        aria-expanded={open}
        aria-controls={menuId}
        {...inert}
        onClick={() => {
          cancelClose();
          if (open && openedByHover.current) {
            openedByHover.current = false;
            return;
          }
          openedByHover.current = false;
          setOpen(!open);
        }}
      >
        {label}
        <span className={shell.caret} aria-hidden="true" />
      </button>
      <div id={menuId} className={`${styles.dropdownMenu} ${align === 'right' ? styles.alignRight : ''}`} hidden={!open}>
        {children(close)}
      </div>
    </div>
  );
}
