import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { usePageHead } from '../../lib/head';
import { CMS_LINKS } from './cmsLinks';
import styles from './AdminLayout.module.css';

interface Props {
  /** Page title (document title and h1). */
  title: string;
  subtitle?: ReactNode;
  /** Shown at the right of the heading, e.g. Logout or 'Add News Article'. */
  actions?: ReactNode;
  children: ReactNode;
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink);

/** Opens in a new tab, and says so to screen readers. */
export function PanelLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> (opens the CMS panel in a new tab)</span>
    </a>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

const ICONS = {
  dashboard: 'M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 3v6h8V3z',
  news: 'M4 4h13v16H6a2 2 0 0 1-2-2zM17 8h3v10a2 2 0 0 1-2 2M8 8h5M8 12h5M8 16h3',
  blog: 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z',
  users: 'M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  site: 'M3 9l9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM9 22V12h6v10',
};

/** The admin area's own pages, each marked in the sidebar while open. */
const SECTIONS = [
  { to: '/admin', icon: 'dashboard', label: 'Dashboard' },
  { to: '/admin/news', icon: 'news', label: 'News Management' },
  { to: '/admin/blog', icon: 'blog', label: 'Blog Management' },
] as const;

/** The admin area's own frame: a sidebar instead of the site's top navigation. */
export function AdminLayout({ title, subtitle, actions, children }: Props) {
  usePageHead({ title, noindex: true });
  return (
    <div className={styles.layout}>
      <a href="#admin-main" className="skip-link">
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            H
          </span>
          <span>
            HAIC <span className={styles.brandSub}>Admin</span>
          </span>
        </div>
        <nav aria-label="Admin">
          <ul className={styles.nav}>
            {SECTIONS.map(({ to, icon, label }) => (
              <li key={to}>
                <NavLink to={to} end={to === '/admin'} className={navClass}>
                  <Icon path={ICONS[icon]} />
                  {label}
                </NavLink>
              </li>
            ))}
            <li>
              <PanelLink href={CMS_LINKS.users} className={styles.navLink}>
                <Icon path={ICONS.users} />
                User Management
              </PanelLink>
            </li>
            <li className={styles.navSeparated}>
              <NavLink to="/" className={styles.navLink}>
                <Icon path={ICONS.site} />
                View Site
              </NavLink>
            </li>
          </ul>
        </nav>
      </aside>
      <main id="admin-main" className={styles.main}>
        <header className={styles.header}>
          <div>
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </header>
        {children}
      </main>
    </div>
  );
}
