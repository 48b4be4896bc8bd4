import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { HydrateLater } from '../../ui/HydrateLater';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

/**
 * Every completed navigation starts at the top of the page. The page the browser loaded is left
 * where it is: a visitor may have scrolled the server's HTML before the scripts took it over.
 */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  const shown = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (shown.current === `${pathname}${search}`) return;
    shown.current = `${pathname}${search}`;
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

export function Layout() {
  const navigation = useNavigation();
  return (
    <div className={styles.app}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ScrollToTop />
      {navigation.state === 'loading' && <div className={styles.progress} role="progressbar" aria-label="Loading page" />}
      <Header />
      {/* The header's menus come alive first; the page and the footer hydrate after them. */}
      <main id="main" className={styles.main}>
        <HydrateLater>
          <Outlet />
        </HydrateLater>
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
    </div>
  );
}
