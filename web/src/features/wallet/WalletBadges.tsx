import { shortAddress, type WalletBadges as Badges } from '@haic/contract';
import styles from './Wallet.module.css';

const BADGE_TEXTS = { verified: 'Verified XRPL wallet', holder: 'HAIC holder' };

/**
 * The badges beside a player's name: a proven XRPL wallet, a HAIC holder (where known), and the address when
 * the player made it public (shortened unless `fullAddress`). Each badge is one image to assistive technology,
 * named in full; nothing shows for a player without a linked wallet.
 */
export function WalletBadges({ walletVerified, holder, walletAddress, fullAddress = false }: Badges & { fullAddress?: boolean }) {
  if (!walletVerified) return null;
  return (
    <span className={styles.badges}>
      <span className={styles.badge} role="img" aria-label={BADGE_TEXTS.verified} title={BADGE_TEXTS.verified}>
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M8 0.8 14 3.2v4.2c0 3.6-2.5 6.6-6 7.8-3.5-1.2-6-4.2-6-7.8V3.2z" fill="currentColor" />
          <path d="m4.9 8.1 2.1 2.1 4.1-4.3" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        XRPL
      </span>
      {holder && (
        <span className={`${styles.badge} ${styles.holder}`} role="img" aria-label={BADGE_TEXTS.holder} title={BADGE_TEXTS.holder}>
          HAIC
        </span>
      )}
      {walletAddress && (
        <code className={styles.address} title={walletAddress} aria-label={`XRPL address ${walletAddress}`}>
          {fullAddress ? walletAddress : shortAddress(walletAddress)}
        </code>
      )}
    </span>
  );
}
