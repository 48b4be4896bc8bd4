import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth, isWebUserLoggedIn } from '../../lib/auth';
import { useHydrated } from '../../lib/hydration';
import { useLogout } from '../auth';
import { HeaderSearch } from '../search';
import { Dropdown } from './Dropdown';
import { FOOTER_ID } from './Footer';
import { ItemLink } from './ItemLink';
import { CONTACT, DIGITAL_ASSETS, LEARN_MORE, MEDICAL, type NavGroup } from './navItems';
import shell from './Shell.module.css';
import styles from './Header.module.css';

function DesktopGroup({ group }: { group: NavGroup }) {
  return (
    <Dropdown label={group.label} testId={`nav-${group.label.toLowerCase().replace(/\s+/g, '-')}`}>
      {(close) => group.items.map((item) => <ItemLink key={item.label} item={item} className={styles.menuItem} onChoose={close} />)}
    </Dropdown>
  );
}

function MobileSection({ group, open, onToggle, onChoose }: { group: NavGroup; open: boolean; onToggle: () => void; onChoose: () => void }) {
  return (
    <div>
      <button type="button" className={styles.mobileSectionToggle} aria-expanded={open} onClick={onToggle}>
        {group.label}
        <span className={shell.caret} aria-hidden="true" />
      </button>
      {open && (
        <div className={styles.mobileSectionItems}>
          {group.items.map((item) => (
            <ItemLink key={item.label} item={item} className={styles.mobileLink} onChoose={onChoose} />
          ))}
        </div>
      )}
    </div>
  );
}

/** A signed-in user's links (the profile menu and the mobile menu): each closes the menu it is in. */
function AccountLinks({ className, onChoose, logout }: { className: string; onChoose: () => void; logout: () => void }) {
  return (
    <>
      <Link to="/profile" className={className} onClick={onChoose}>
        My Profile
      </Link>
      <button
        type="button"
        className={className}
        onClick={() => {
          onChoose();
          logout();
        }}
      >
        Sign Out
      </button>
    </>
  );
}

export function Header() {
  const auth = useAuth();
  const logout = useLogout();
  const location = useLocation();
  const hydrated = useHydrated();
  const loggedIn = isWebUserLoggedIn(auth);
  const username = auth.webUser?.username || 'Profile';

  const [menuOpen, setMenuOpen] = useState(false);
  const [openSections, setOpenSections] = useState<Record<string, boolean>>({});

  const closeMenu = () => {
    setMenuOpen(false);
    setOpenSections({});
  };
  const toggleSection = (label: string) => setOpenSections((sections) => ({ ...sections, [label]: !sections[label] }));

  // Back/forward navigation closes the menu too.
  useEffect(closeMenu, [location.pathname]);

  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/" className={shell.brand} aria-label="HAIC home">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>HAIC</span>
        </Link>

        <nav className={styles.desktopNav} aria-label="Main">
          <NavLink to="/" end className={shell.navLink}>
            Home
          </NavLink>
          <DesktopGroup group={DIGITAL_ASSETS} />
          <DesktopGroup group={LEARN_MORE} />
          <NavLink to={MEDICAL.to} className={shell.navLink}>
            {MEDICAL.label}
          </NavLink>
          <NavLink to={CONTACT.to} className={shell.navLink}>
            {CONTACT.label}
          </NavLink>
        </nav>

        <HeaderSearch />

        <div className={styles.authArea}>
          {loggedIn ? (
            <Dropdown label={username} align="right" testId="profile-menu">
              {(close) => <AccountLinks className={styles.menuItem} onChoose={close} logout={logout} />}
            </Dropdown>
          ) : (
            <>
              <Link to="/signin" className={styles.signIn}>
                Sign In
              </Link>
              <Link to="/register" className="button button-primary">
                Sign Up
              </Link>
            </>
          )}
        </div>

        {hydrated ? (
          <button
            type="button"
            className={styles.hamburger}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => (menuOpen ? closeMenu() : setMenuOpen(true))}
          >
            <span />
            <span />
            <span />
          </button>
        ) : (
          // Before the scripts arrive the menu cannot open: the same icon leads to the footer's links.
          <a href={`#${FOOTER_ID}`} className={styles.hamburger} aria-label="Site links">
            <span />
            <span />
            <span />
          </a>
        )}
      </div>

      {menuOpen && (
        <nav id="mobile-menu" className={styles.mobileMenu} aria-label="Mobile">
          <Link to="/" className={styles.mobileLink} onClick={closeMenu}>
            Home
          </Link>
          <MobileSection
            group={DIGITAL_ASSETS}
            open={!!openSections[DIGITAL_ASSETS.label]}
            onToggle={() => toggleSection(DIGITAL_ASSETS.label)}
            onChoose={closeMenu}
          />
          <MobileSection group={LEARN_MORE} open={!!openSections[LEARN_MORE.label]} onToggle={() => toggleSection(LEARN_MORE.label)} onChoose={closeMenu} />
          <ItemLink item={MEDICAL} className={styles.mobileLink} onChoose={closeMenu} />
          <ItemLink item={CONTACT} className={styles.mobileLink} onChoose={closeMenu} />
          <div className={styles.mobileAuth}>
            {loggedIn ? (
              <>
                <p className={styles.signedInAs}>
                  Signed in as <strong>{username}</strong>
                </p>
                <AccountLinks className={styles.mobileLink} onChoose={closeMenu} logout={logout} />
              </>
            ) : (
              <>
                <Link to="/signin" className={styles.mobileLink} onClick={closeMenu}>
                  Sign In
                </Link>
                <Link to="/register" className="button button-primary" onClick={closeMenu}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}
