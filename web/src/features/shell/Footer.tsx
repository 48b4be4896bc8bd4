import { Link } from 'react-router-dom';
import { EXTERNAL_LINKS } from '../../lib/links';
import { ItemLink } from './ItemLink';
import { DIGITAL_ASSETS, LEARN_MORE, type NavGroup } from './navItems';
import { GlobeIcon, TelegramIcon, XIcon } from './SocialIcons';
import shell from './Shell.module.css';
import styles from './Footer.module.css';

const SOCIAL = [
  { label: 'Telegram community', href: EXTERNAL_LINKS.telegram, Icon: TelegramIcon },
  { label: 'HAIC on X', href: EXTERNAL_LINKS.x, Icon: XIcon },
  { label: 'Project website', href: EXTERNAL_LINKS.website, Icon: GlobeIcon },
];

function FooterGroup({ group }: { group: NavGroup }) {
  return (
    <div>
      <h2 className={styles.footerHeading}>{group.label}</h2>
      <ul className={styles.footerList}>
        {group.items.map((item) => (
          <li key={item.label}>
            <ItemLink item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The footer lists every page: the header's menu icon leads here until the page is interactive. */
export const FOOTER_ID = 'site-footer';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} id={FOOTER_ID}>
      <div className={styles.footerGrid}>
        <div className={styles.footerBrand}>
          <Link to="/" className={shell.brand}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>HAIC</span>
          </Link>
          <p>A healthcare AI utility token on the XRP Ledger, powering the Nurse Help Me ecosystem.</p>
          <div className={styles.socialIcons}>
            {SOCIAL.map(({ label, href, Icon }) => (
              <a key={label} href={href} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
                <Icon />
              </a>
            ))}
          </div>
        </div>

        <FooterGroup group={DIGITAL_ASSETS} />
        <FooterGroup group={LEARN_MORE} />

        <div>
          <h2 className={styles.footerHeading}>Medical</h2>
          <ul className={styles.footerList}>
            <li>
              <Link to="/medical-professionals">For Professionals</Link>
            </li>
          </ul>
          <h2 className={styles.footerHeading}>Contact</h2>
          <ul className={styles.footerList}>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/disclaimer">Disclaimer</Link>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={styles.footerHeading}>Community</h2>
          <ul className={styles.footerList}>
            <li>
              <a href={EXTERNAL_LINKS.telegram} target="_blank" rel="noopener noreferrer">
                Telegram channel
              </a>
            </li>
            <li>
              <a href={EXTERNAL_LINKS.x} target="_blank" rel="noopener noreferrer">
                X (Twitter)
              </a>
            </li>
            <li>
              <a href={EXTERNAL_LINKS.website} target="_blank" rel="noopener noreferrer">
                Project website
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className={styles.copyright}>© {year} HAIC. All rights reserved.</p>
    </footer>
  );
}
